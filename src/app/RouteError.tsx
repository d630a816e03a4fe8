import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorAlert } from '../components/ErrorAlert';
import { useLingui } from '@lingui/react/macro';

function RouteErrorView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = `${t`This page failed`} · Seller Desk`;
  }, [t]);
  const retry = () => {
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    onRetry();
  };
  return (
    <Box sx={{ py: 2 }}>
      <h1 style={{ fontSize: '1.5rem', margin: '0 0 16px' }}>{t`This page failed`}</h1>
      <ErrorAlert error={error} onRetry={retry} />
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
