import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useMessages } from '../lib/i18n';
import { urls } from '../lib/urls';
import { appMessages } from './messages';

export function NotFound() {
  const t = useMessages(appMessages);
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={t('notFoundTitle')} />
      <Typography sx={{ mb: 2 }}>{t('notFoundText', { path: pathname })}</Typography>
      <Button variant="contained" component={Link} to={urls.questions.index()}>
        {t('goHome')}
      </Button>
    </>
  );
}
