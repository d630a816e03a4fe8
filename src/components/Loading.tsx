import { useLingui } from '@lingui/react/macro';
import styles from './Loading.module.css';

export function Loading() {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className={styles.loading}>
      <span aria-hidden className={styles.spinner} />
      <p className={styles.text}>{t`Loading…`}</p>
    </div>
  );
}
