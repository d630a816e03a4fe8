import { NavLink } from 'react-router';
import { urls } from '../../lib/urls';
import styles from './FulfillmentTabs.module.css';
import { useLingui } from '@lingui/react/macro';

/**
 * Links between the stock view and the operations log, the current one marked (aria-current); the open
 * inventory travels along. Links in a nav, drawn like tabs: they open pages, they do not switch panels.
 */
export function FulfillmentTabs({ inventoryId }: { inventoryId?: string | null }) {
  const { t } = useLingui();
  const stockTo = urls.fulfillment.index({ inventory: inventoryId ?? undefined });
  const operationsTo = urls.fulfillment.operations({ inventories: inventoryId ?? undefined });
  return (
    <nav aria-label={t`Fulfillment pages`} className={styles.tabs}>
      <NavLink className={styles.tab} to={stockTo} end>
        {t`Stock`}
      </NavLink>
      <NavLink className={styles.tab} to={operationsTo}>
        {t`Operations log`}
      </NavLink>
    </nav>
  );
}
