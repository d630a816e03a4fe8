import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorAlert } from '../components/ErrorAlert';
import { useMessages } from '../lib/i18n';
import { appMessages } from './messages';

/** Every route's error boundary: the error in words and a retry that runs the page again. */
export function RouteError() {
  const error = useRouteError();
  const t = useMessages(appMessages);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = `${t('routeErrorTitle')} · Seller Desk`;
  }, [t]);
  const retry = () => {
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    void navigate(`${location.pathname}${location.search}`, { replace: true });
  };
  return (
    <Box sx={{ py: 2 }}>
      <h1 style={{ fontSize: '1.5rem', margin: '0 0 16px' }}>{t('routeErrorTitle')}</h1>
      <ErrorAlert error={error} onRetry={retry} />
    </Box>
  );
}
