import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation } from 'react-router';
import { urls } from '../../lib/urls';
import { useLingui } from '@lingui/react/macro';

/** Links between the stock view and the operations log; the open inventory travels along. */
export function FulfillmentTabs({ inventoryId }: { inventoryId?: string | null }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const current = pathname.startsWith(urls.fulfillment.operations()) ? 'operations' : 'stock';
  const stockTo = urls.fulfillment.index({ inventory: inventoryId ?? undefined });
  const operationsTo = urls.fulfillment.operations({ inventories: inventoryId ?? undefined });
  return (
    <Tabs
      value={current}
      aria-label={t`Fulfillment pages`}
      variant="scrollable"
      scrollButtons={false}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab value="stock" label={t`Stock`} component={Link} to={stockTo} />
      <Tab value="operations" label={t`Operations log`} component={Link} to={operationsTo} />
    </Tabs>
  );
}
