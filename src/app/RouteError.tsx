import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { describeError } from '../components/describeError';
import { loadQueryClient } from './queries';
import { useLingui } from '@lingui/react/macro';

/**
 * Drawn with the shell's own parts rather than ErrorAlert: it is in first-paint JS (a failed chunk download is
 * the usual route error, so it cannot load lazily), and MUI's Alert would add 1.3 KB gz there, its Button 2 KB
 * (the retry is an outlined small Button's look on ButtonBase, which the shell already has).
 */
function RouteErrorView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useLingui();
  const described = describeError(error, i18n);
  useEffect(() => {
    document.title = `${t`This page failed`} · Seller Desk`;
  }, [t]);
  const retry = () => {
    // Failed queries start afresh before the page renders again; a client that failed to download is
    // downloaded again by the page's own loader.
    void loadQueryClient()
      .then(
        (client) => void client.resetQueries({ predicate: (query) => query.state.status === 'error' }),
        () => undefined,
      )
      .then(onRetry);
  };
  return (
    <Box sx={{ py: 2 }}>
      <h1 style={{ fontSize: '1.5rem', margin: '0 0 16px' }}>{t`This page failed`}</h1>
      <Paper role="alert" variant="outlined" sx={{ p: 2, borderColor: 'error.main' }}>
        <Typography sx={{ fontWeight: 600 }}>{t`Something went wrong`}</Typography>
        <Typography sx={{ mb: 1 }}>{described.summary}</Typography>
        {described.details && (
          <details>
            <summary>{t`Details`}</summary>
            <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{described.details}</code>
          </details>
        )}
        <ButtonBase
          onClick={retry}
          sx={(theme) => ({
            ...theme.typography.button,
            mt: 1,
            px: 1.25,
            py: 0.5,
            fontSize: theme.typography.pxToRem(13),
            borderRadius: 1,
            color: 'error.main',
            border: 1,
            borderColor: 'error.main',
            '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
          })}
        >
          {t`Retry`}
        </ButtonBase>
      </Paper>
    </Box>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The boundary clears itself when this changes (another page was opened). */
  resetKey: string;
  onReset?: () => void;
}

class Boundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteErrorView
        error={this.state.error}
        onRetry={() => {
          this.props.onReset?.();
          this.setState({ error: undefined });
        }}
      />
    );
  }
}

/** Every route's error boundary: the error in words and a retry that runs the page again. */
export function RouteErrorBoundary({ children, onReset }: { children: ReactNode; onReset?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} onReset={onReset}>
      {children}
    </Boundary>
  );
}
