import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod/mini';
import {
  inventoryIdPattern,
  isNotAvailableStatus,
  notAvailableStatuses,
  type FulfillmentStock,
  type NotAvailableStatus,
} from '../../api/fulfillment';
import { RowForm } from '../../components/RowForm';
import { DataState } from '../../components/DataState';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useFormat } from '../../lib/format';
import { useMe } from '../../lib/identity';
import { itemQuery } from '../../lib/items';
import { useUrlState } from '../../lib/urlState';
import { urls } from '../../lib/urls';
import chip from '../../components/Chip.module.css';
import { describeFulfillmentError } from './errors';
import styles from './StockPage.module.css';
import { FulfillmentTabs } from './FulfillmentTabs';
import { NotAvailableChart } from './charts';
import { FulfilledList } from './FulfilledList';
import { statusLabels } from './labels';
import { recentInventoriesQuery, stockQuery } from './queries';
import { useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const statusMeanings: Record<NotAvailableStatus, MessageDescriptor> = {
  damage: msg`Damaged by the seller, the operator or the carrier.`,
  lost: msg`Lost and not found.`,
  withdrawal: msg`Reserved for you to pick up.`,
  internal_process: msg`Reserved by the warehouse’s quality processes.`,
  transfer: msg`Reserved for a transfer between warehouses.`,
  noFiscalCoverage: msg`No tax coverage for these units.`,
  not_supported: msg`Units that entered but cannot be identified or processed.`,
};

const urlSchema = z.object({
  inventory: z.catch(z.optional(z.string()), undefined),
  /** The referenced item open in a dialog. */
  item: z.catch(z.optional(z.string()), undefined),
});

function inventoryProblem(value: string, i18n: I18n): string | null {
  if (!value) return t(i18n)`Enter an inventory id.`;
  return inventoryIdPattern.test(value) ? null : t(i18n)`An inventory id has 4 to 20 upper-case letters or digits.`;
}

function InventoryForm({ initial, onOpen }: { initial: string; onOpen: (id: string) => void }) {
  const { t, i18n } = useLingui();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = value.trim().toUpperCase();
    const found = inventoryProblem(id, i18n);
    setProblem(found);
    if (!found) onOpen(id);
  };
  return (
    <RowForm onSubmit={submit} sx={{ mb: 2, alignItems: 'flex-start' }}>
      <TextField
        label={t`Inventory id`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={problem !== null}
        helperText={problem ?? t`Upper-case letters and digits, e.g. INV00001X. It is the item’s inventory id, not the item id.`}
        size="small"
        sx={{ width: { xs: '100%', sm: 360 } }}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
      <Button type="submit" variant="contained">
        {t`Open`}
      </Button>
    </RowForm>
  );
}

function RecentInventories({ current }: { current: string | null }) {
  const { t } = useLingui();
  const me = useMe();
  const query = useQuery({ ...recentInventoriesQuery(me.data?.id ?? 0), enabled: me.data !== undefined });
  return (
    // Folded while an inventory is open: one line whose height does not change when the list loads.
    <Box component="nav" aria-label={t`Your inventories with operations in the last 15 days`} sx={{ my: 2 }}>
      <details open={current === null}>
        <Typography component="summary" variant="subtitle2" sx={{ mb: 1, cursor: 'pointer' }}>
          {t`Your inventories with operations in the last 15 days`}
        </Typography>
        <DataState
          query={query}
          isEmpty={(ids) => ids.length === 0}
          empty={
            <Typography color="text.secondary">{t`No operations in the last 15 days, so there is no inventory to suggest. Enter an id above.`}</Typography>
          }
        >
          {(ids) => (
            // Plain links styled as MUI's clickable chips (Chip.module.css): a seller may have dozens.
            <ul className={styles.list}>
              {ids.map((id) => (
                <li key={id}>
                  <RouterLink
                    to={urls.fulfillment.index({ inventory: id })}
                    className={[chip.chip, chip.action, id === current && chip.primary].filter(Boolean).join(' ')}
                    aria-current={id === current ? 'page' : undefined}
                  >
                    {id}
                  </RouterLink>
                </li>
              ))}
            </ul>
          )}
        </DataState>
      </details>
    </Box>
  );
}

function Figures({ stock }: { stock: FulfillmentStock }) {
  const { t } = useLingui();
  const format = useFormat();
  const figures = [
    { label: t`Total`, value: stock.total },
    { label: t`Available for sale`, value: stock.available_quantity },
    { label: t`Not available`, value: stock.not_available_quantity },
  ];
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}>
        {figures.map((figure) => (
          <Paper key={figure.label} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {figure.label}
            </Typography>
            <Typography component="dd" variant="h4" sx={{ m: 0 }}>
              {format.number(figure.value)}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {t`${{ total: format.number(stock.total) }} in total = ${{ available: format.number(stock.available_quantity) }} available + ${{ notAvailable: format.number(stock.not_available_quantity) }} not available.`}
      </Typography>
    </>
  );
}

function Breakdown({ stock }: { stock: FulfillmentStock }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const quantities = new Map(stock.not_available_detail.map((d) => [d.status, d.quantity]));
  // Every status of the spec, with its meaning, plus any the server adds that this page does not know.
  const unknown = stock.not_available_detail.map((d) => d.status).filter((status) => !isNotAvailableStatus(status));
  const rows = [...notAvailableStatuses, ...unknown].map((status) => ({
    status,
    label: isNotAvailableStatus(status) ? i18n._(statusLabels[status]) : status,
    meaning: isNotAvailableStatus(status) ? i18n._(statusMeanings[status]) : t`A status this page does not know yet.`,
    quantity: quantities.get(status) ?? 0,
  }));
  return (
    <Section title={t`Why units are not available`}>
      {stock.not_available_quantity === 0 && <Typography sx={{ mb: 1 }}>{t`Every unit is available for sale.`}</Typography>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t`Why units are not available`}>
          <TableHead>
            <TableRow>
              <TableCell>{t`Status`}</TableCell>
              <TableCell>{t`Meaning`}</TableCell>
              <TableCell align="right">{t`Units`}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.status}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                <TableCell>{row.meaning}</TableCell>
                <TableCell align="right">{format.number(row.quantity)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {/* After the table, which says the same in text: on a phone the chart (Recharts' first render, 80-100 ms at 1x)
          is then below the fold while the page loads, and drawn as the seller scrolls to it (./charts). */}
      {stock.not_available_quantity > 0 && (
        <Box sx={{ mt: 2 }}>
          <NotAvailableChart data={rows.filter((r) => r.quantity > 0)} label={t`Chart of the not available units by status`} />
        </Box>
      )}
    </Section>
  );
}

function References({ stock }: { stock: FulfillmentStock }) {
  const { t } = useLingui();
  return (
    <Section title={t`Listings that sell this stock`}>
      {stock.external_references.length === 0 ? (
        <Typography color="text.secondary">{t`No listing uses this inventory.`}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {stock.external_references.map((ref) => (
            <li key={`${ref.id}-${ref.variation_id}`}>
              <Link component={RouterLink} to={urls.fulfillment.index({ inventory: stock.inventory_id, item: ref.id })}>
                {t`Item ${{ id: ref.id }}`}
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({ref.type}
                {ref.variation_id !== null && `, ${t`variation ${{ id: String(ref.variation_id) }}`}`})
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}

function ItemDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui();
  const format = useFormat();
  const query = useQuery(itemQuery(id));
  return (
    <Dialog open onClose={onClose} aria-labelledby="fulfillment-item-title" fullWidth maxWidth="sm">
      <DialogTitle id="fulfillment-item-title">{t`Item ${id}`}</DialogTitle>
      <DialogContent>
        <DataState query={query}>
          {(item) => (
            <>
              <Typography sx={{ mb: 1, fontWeight: 600 }}>{item.title}</Typography>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0 } }}
              >
                <dt>{t`Price`}</dt>
                <dd>{format.money(item.price, item.currency_id)}</dd>
                <dt>{t`Available quantity on the listing`}</dt>
                <dd>{format.number(item.available_quantity)}</dd>
                <dt>{t`Sold`}</dt>
                <dd>{format.number(item.sold_quantity)}</dd>
              </Box>
            </>
          )}
        </DataState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t`Close`}</Button>
      </DialogActions>
    </Dialog>
  );
}

function StockView({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const query = useQuery(stockQuery(id));
  return (
    <section aria-label={t`Inventory ${id}`}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t`Inventory ${id}`}
      </Typography>
      <DataState query={query} describeError={(error) => describeFulfillmentError(error, i18n, id)}>
        {(stock) => (
          <>
            <Figures stock={stock} />
            <Breakdown stock={stock} />
            <References stock={stock} />
            <Button component={RouterLink} to={urls.fulfillment.operations({ inventories: id })} variant="outlined">
              {t`See the operations of this inventory`}
            </Button>
          </>
        )}
      </DataState>
    </section>
  );
}

/** /fulfillment: the fulfilled listings, or one inventory's stock opened from them, by id or from the recent ones. */
export function StockPage() {
  const { t, i18n } = useLingui();
  const [url, update] = useUrlState(urlSchema);
  const requested = url.inventory?.trim().toUpperCase() ?? '';
  const problem = requested ? inventoryProblem(requested, i18n) : null;
  const inventory = requested && !problem ? requested : null;
  return (
    <>
      <PageHeader
        title={t({ id: 'page:/fulfillment:title', message: 'Fulfillment stock' })}
        subtitle={t({
          id: 'page:/fulfillment:intro',
          message: 'Units you keep in the operator’s warehouses: what is sellable, what is not, and why.',
        })}
      />
      <FulfillmentTabs inventoryId={inventory} />
      {!inventory && <FulfilledList />}
      <InventoryForm key={`form-${requested}`} initial={requested} onOpen={(id) => update({ inventory: id, item: undefined })} />
      {problem && (
        <Typography color="error" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Typography>
      )}
      {/* The recent inventories never load above something visible: with an inventory open they are one
          folded line of fixed height above its figures; otherwise they are last, below the list and the form. */}
      <RecentInventories current={inventory} />
      {inventory && <StockView id={inventory} />}
      {url.item && <ItemDialog id={url.item} onClose={() => update({ item: undefined })} />}
    </>
  );
}
