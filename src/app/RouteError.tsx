import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { describeError } from '../components/describeError';
import { loadQueryClient } from './queries';
import { useLingui } from '@lingui/react/macro';

/**
 * Plain HTML and CSS rather than ErrorAlert: it is in first-paint JS (a failed chunk download is the usual
 * route error, so it cannot load lazily), which has no MUI.
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
    <div className="route-error">
      <h1 className="route-error-title">{t`This page failed`}</h1>
      <div role="alert" className="route-error-panel">
        <p className="route-error-summary">{t`Something went wrong`}</p>
        <p>{described.summary}</p>
        {described.details && (
          <details>
            <summary>{t`Details`}</summary>
            <code className="route-error-details">{described.details}</code>
          </details>
        )}
        <button type="button" className="route-error-retry" onClick={retry}>
          {t`Retry`}
        </button>
      </div>
    </div>
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
