import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import {
  dateRangeProblem,
  defaultDateRange,
  inventoryIdPattern,
  operationGroups,
  operationSorts,
  operationsSearchLimits,
  operationTypeGroups,
  parseOperationType,
  shipmentIdPattern,
  type OperationSort,
  type OperationType,
} from '../../api/fulfillment';
import { DateRangeField } from '../../components/DateRangeField';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useMe } from '../../lib/identity';
import { useUrlState } from '../../lib/urlState';
import { describeFulfillmentError } from './errors';
import { FulfillmentTabs } from './FulfillmentTabs';
import { OperationsResults } from './OperationsResults';
import type { OperationFilters } from './keys';
import { useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { groupLabels, typeLabels } from './labels';

const pageSizes = [100, 250, 500, 1000] as const;
const optionalText = z.catch(z.optional(z.string()), undefined);

const operationsUrlSchema = z.object({
  inventories: optionalText,
  from: optionalText,
  to: optionalText,
  type: z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((value) => parseOperationType(value) ?? undefined),
      ),
    ),
    undefined,
  ),
  shipment: optionalText,
  sort: z.catch(z.enum(operationSorts), operationSorts[0]),
  size: z.catch(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(operationsSearchLimits.maxLimit)),
    operationsSearchLimits.defaultLimit,
  ),
  /** The inventory drawn in the availability chart. */
  chart: optionalText,
});

interface Draft {
  inventories: string;
  from: string;
  to: string;
  type: OperationType | '';
  shipment: string;
  sort: OperationSort;
  size: number;
}

type Problems = Partial<Record<'inventories' | 'range' | 'shipment', string>>;

const dayMs = 24 * 3600_000;

function splitIds(value: string): string[] {
  return value
    .split(',')
    .map((id) => id.trim().toUpperCase())
    .filter(Boolean);
}

/** The spec's limits, checked before anything is sent: each problem in words. */
function findProblems(draft: Draft, i18n: I18n): Problems {
  const problems: Problems = {};
  const badIds = splitIds(draft.inventories).filter((id) => !inventoryIdPattern.test(id));
  if (badIds.length) problems.inventories = t(i18n)`Not a valid inventory id: ${{ ids: badIds.join(', ') }}.`;
  const range = dateRangeProblem(draft.from, draft.to);
  if (range === 'missing') problems.range = t(i18n)`Choose both dates.`;
  if (range === 'format') problems.range = t(i18n)`Both dates must be real dates.`;
  if (range === 'order') problems.range = t(i18n)`The start date must be before the end date.`;
  if (range === 'tooLong')
    problems.range = t(
      i18n,
    )`The range covers ${{ days: Math.round((Date.parse(draft.to) - Date.parse(draft.from)) / dayMs) }} days; the search allows at most 60.`;
  if (draft.shipment.trim() && !shipmentIdPattern.test(draft.shipment.trim())) problems.shipment = t(i18n)`A shipment id has digits only.`;
  return problems;
}

interface FiltersFormProps {
  initial: Draft;
  onSearch: (draft: Draft) => void;
  onReset: () => void;
}

function FiltersForm({ initial, onSearch, onReset }: FiltersFormProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const change = (patch: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = findProblems(draft, i18n);
    setProblems(found);
    if (Object.keys(found).length === 0) onSearch(draft);
  };
  const reasons = Object.values(problems);
  return (
    <Section title={t`Filters`}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label={t`Inventory ids`}
            value={draft.inventories}
            onChange={(e) => change({ inventories: e.target.value })}
            error={Boolean(problems.inventories)}
            helperText={problems.inventories ?? t`Separated by commas; leave empty for every inventory.`}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
          />
          <TextField
            label={t`Shipment id`}
            value={draft.shipment}
            onChange={(e) => change({ shipment: e.target.value })}
            error={Boolean(problems.shipment)}
            helperText={problems.shipment}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
        <DateRangeField
          from={draft.from}
          to={draft.to}
          onChange={({ from, to }) => change({ from, to })}
          fromLabel={t`From`}
          toLabel={t`To`}
          error={problems.range}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            label={t`Operation type`}
            value={draft.type}
            onChange={(e) => change({ type: e.target.value as OperationType | '' })}
            size="small"
            sx={{ flex: 2, minWidth: 0 }}
            slotProps={{
              select: { renderValue: (value) => (value ? String(value).toUpperCase() : t`All types`), displayEmpty: true },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">{t`All types`}</MenuItem>
            {operationGroups.flatMap((group) => [
              <ListSubheader key={group}>{i18n._(groupLabels[group])}</ListSubheader>,
              ...operationTypeGroups[group].map((type) => (
                <MenuItem key={type} value={type} sx={{ display: 'block', whiteSpace: 'normal' }}>
                  {type.toUpperCase()}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {i18n._(typeLabels[type])}
                  </Typography>
                </MenuItem>
              )),
            ])}
          </TextField>
          <TextField
            select
            label={t`Sort`}
            value={draft.sort}
            onChange={(e) => change({ sort: e.target.value as OperationSort })}
            size="small"
            sx={{ flex: 1 }}
          >
            <MenuItem value="date_created:desc">{t`Newest first`}</MenuItem>
            <MenuItem value="date_created:asc">{t`Oldest first`}</MenuItem>
          </TextField>
          <TextField
            select
            label={t`Page size`}
            value={draft.size}
            onChange={(e) => change({ size: Number(e.target.value) })}
            size="small"
            sx={{ flex: 1 }}
          >
            {[...new Set([...pageSizes, draft.size])].map((size) => (
              <MenuItem key={size} value={size}>
                {size}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {reasons.length > 0 && (
          <Alert severity="error" role="alert">
            {t`The search was not sent. ${{ reasons: reasons.join(' ') }}`}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained">
            {t`Search`}
          </Button>
          <Button type="button" onClick={onReset}>
            {t`Reset filters`}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

/** /fulfillment/operations: the log of stock operations, with every filter in the URL. */
export function OperationsPage() {
  const { t, i18n } = useLingui();
  const me = useMe();
  const [, setParams] = useSearchParams();
  const [url, update] = useUrlState(operationsUrlSchema);
  // "Today" for the default range, fixed while the page is open so the query key stays stable.
  const [defaults] = useState(() => defaultDateRange(Date.now()));
  const draft: Draft = {
    inventories: url.inventories ?? '',
    from: url.from ?? defaults.from,
    to: url.to ?? defaults.to,
    type: url.type ?? '',
    shipment: url.shipment ?? '',
    sort: url.sort,
    size: url.size,
  };
  // A pasted link is checked like the form: an invalid one sends nothing and says why.
  const problems = Object.values(findProblems(draft, i18n));
  const inventoryIds = splitIds(draft.inventories);
  const filters: OperationFilters | null =
    me.data && problems.length === 0
      ? {
          sellerId: me.data.id,
          inventoryIds,
          dateFrom: draft.from,
          dateTo: draft.to,
          type: draft.type || undefined,
          shipmentId: draft.shipment.trim() || undefined,
          sort: draft.sort,
          limit: draft.size,
        }
      : null;

  return (
    <>
      <PageHeader
        title={t({ id: 'page:/fulfillment/operations:title', message: 'Fulfillment operations' })}
        subtitle={t({
          id: 'page:/fulfillment/operations:intro',
          message: 'Every movement of your warehouse stock: inbound, sales, returns, withdrawals, transfers, quarantine and adjustments.',
        })}
      />
      <FulfillmentTabs inventoryId={inventoryIds.length === 1 ? inventoryIds[0] : null} />
      <FiltersForm
        // Remounted with the URL's filters when they change (back/forward, a pasted link, a search).
        key={JSON.stringify(draft)}
        initial={draft}
        onSearch={(next) =>
          update({
            inventories: splitIds(next.inventories).join(','),
            from: next.from,
            to: next.to,
            type: next.type,
            shipment: next.shipment.trim(),
            sort: next.sort === operationSorts[0] ? undefined : next.sort,
            size: next.size === operationsSearchLimits.defaultLimit ? undefined : next.size,
          })
        }
        onReset={() => setParams(new URLSearchParams())}
      />
      {problems.length > 0 ? (
        <Alert severity="error">{t`The search was not sent. ${{ reasons: problems.join(' ') }}`}</Alert>
      ) : filters ? (
        <OperationsResults filters={filters} chart={url.chart} onChart={(chart) => update({ chart }, { replace: true })} />
      ) : me.isError ? (
        <ErrorAlert
          error={me.error}
          describeError={(error) => describeFulfillmentError(error, i18n, '')}
          onRetry={() => void me.refetch()}
        />
      ) : (
        <Loading />
      )}
    </>
  );
}
