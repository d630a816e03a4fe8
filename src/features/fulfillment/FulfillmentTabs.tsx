import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';

/** Links between the stock view and the operations log; the open inventory travels along. */
export function FulfillmentTabs({ inventoryId }: { inventoryId?: string | null }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const current = pathname.startsWith('/fulfillment/operations') ? 'operations' : 'stock';
  const stockTo = inventoryId ? `/fulfillment?inventory=${encodeURIComponent(inventoryId)}` : '/fulfillment';
  const operationsTo = inventoryId ? `/fulfillment/operations?inventories=${encodeURIComponent(inventoryId)}` : '/fulfillment/operations';
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
