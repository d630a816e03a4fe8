import { useLingui } from '@lingui/react/macro';

export function Loading() {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className="loading">
      <span aria-hidden className="loading-spinner" />
      <p className="loading-text">{t`Loading…`}</p>
    </div>
  );
}
