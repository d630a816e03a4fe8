import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { isApiError } from '../../api/errors';
import { operationGroup, parseOperationType, type Operation } from '../../api/fulfillment';
import { isUnreadable, type Unreadable } from '../../api/unreadable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { downloadText, toCsv } from '../../lib/csv';
import { useFormat } from '../../lib/format';
import type { AvailabilityPoint } from './AvailabilityChart';
import { AvailabilityChart } from './charts';
import { availabilityChartHeight } from './chartSize';
import { describeFulfillmentError } from './errors';
import { OperationsTable } from './OperationsTable';
import type { OperationFilters } from './keys';
import { operationsQuery } from './queries';
import { useLingui } from '@lingui/react/macro';

function groupOf(type: string): string {
  const known = parseOperationType(type);
  return known ? operationGroup(known) : '';
}

/** Language-neutral columns, so a spreadsheet reads the same export in any locale. */
const csvColumns: { header: string; value: (op: Operation) => string | number }[] = [
  { header: 'id', value: (op) => op.id },
  { header: 'date_created', value: (op) => op.date_created },
  { header: 'type', value: (op) => op.type },
  { header: 'group', value: (op) => groupOf(op.type) },
  { header: 'inventory_id', value: (op) => op.inventory_id },
  { header: 'available_change', value: (op) => op.detail.available_quantity },
  { header: 'not_available_change', value: (op) => op.detail.not_available_quantity ?? 0 },
  { header: 'available_after', value: (op) => op.result.available_quantity },
  { header: 'not_available_after', value: (op) => op.result.not_available_quantity },
  { header: 'total_after', value: (op) => op.result.total },
  { header: 'external_references', value: (op) => op.external_references.map((ref) => `${ref.type}:${ref.value}`).join(' ') },
];

/** At most this many points are drawn; more would cost time without showing more. */
const maxPoints = 500;

function availabilityPoints(rows: Operation[], inventoryId: string): AvailabilityPoint[] {
  const points = rows
    .filter((op) => op.inventory_id === inventoryId)
    .map((op) => ({ time: Date.parse(op.date_created), available: op.result.available_quantity }))
    .sort((a, b) => a.time - b.time);
  if (points.length <= maxPoints) return points;
  const step = points.length / maxPoints;
  return Array.from({ length: maxPoints }, (_, i) => points[Math.floor(i * step)]!).concat(points.at(-1)!);
}

interface ChartSectionProps {
  rows: Operation[];
  preferred: string | undefined;
  onChart: (inventoryId: string) => void;
}

/** Drawn after the table: its first render shows a space of the chart's size, the chart comes in a later, interruptible pass. */
function ChartSection({ rows: latest, preferred, onChart }: ChartSectionProps) {
  const { t } = useLingui();
  const format = useFormat();
  const rows = useDeferredValue(latest, []);
  const inventories = useMemo(() => [...new Set(rows.map((op) => op.inventory_id))].sort(), [rows]);
  const selected = preferred && inventories.includes(preferred) ? preferred : inventories[0];
  const points = useMemo(() => (selected ? availabilityPoints(rows, selected) : []), [rows, selected]);
  const values = points.map((p) => p.available);
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mb: 2 }} aria-label={t`Available units over time`}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h6" component="h2">
          {t`Available units over time`}
        </Typography>
        {selected && (
          <TextField
            select
            size="small"
            label={t`Inventory shown in the chart`}
            value={selected}
            onChange={(e) => onChart(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            {inventories.map((id) => (
              <MenuItem key={id} value={id}>
                {id}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {!selected ? (
        <Box sx={{ height: availabilityChartHeight }} aria-busy="true" />
      ) : points.length === 0 ? (
        <Typography color="text.secondary">{t`No loaded operation of this inventory yet.`}</Typography>
      ) : (
        <>
          <AvailabilityChart points={points} label={t`Available units over time`} formatTime={format.date} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t`From ${{ from: format.date(points[0]!.time) }} to ${{ to: format.date(points.at(-1)!.time) }}, the available units of ${{ id: selected }} went from ${{ first: format.number(values[0]!) }} to ${{ last: format.number(values.at(-1)!) }} (lowest ${{ min: format.number(Math.min(...values)) }}, highest ${{ max: format.number(Math.max(...values)) }}).`}
          </Typography>
        </>
      )}
    </Paper>
  );
}

interface OperationsResultsProps {
  filters: OperationFilters;
  chart: string | undefined;
  onChart: (inventoryId: string) => void;
}

/** The pages of one search, loaded as the seller scrolls, with the chart and the CSV export. */
export function OperationsResults({ filters, chart, onChart }: OperationsResultsProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const query = useInfiniteQuery(operationsQuery(filters));
  // The pages are drawn at low priority, so React can split that render instead of blocking the page.
  const data = useDeferredValue(query.data);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  // A restarted scroll never repeats rows, but a server that does must not show an id twice. An operation that could
  // not be read keeps its row in the table; the export and the chart take the operations read.
  const rows = useMemo(() => {
    const seen = new Set<number>();
    const kept: (Operation | Unreadable)[] = [];
    for (const op of (data?.pages ?? []).flatMap((page) => page.results)) {
      if (isUnreadable(op)) kept.push(op);
      else if (!seen.has(op.id)) {
        seen.add(op.id);
        kept.push(op);
      }
    }
    return kept;
  }, [data]);
  const operations = useMemo(() => rows.filter((op): op is Operation => !isUnreadable(op)), [rows]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const waiting = query.isFetching && isApiError(query.failureReason, 429) ? query.failureReason : null;
  const rateNotice = waiting && (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t`Too many requests: waiting ${{ seconds: format.number(waiting.retryAfter ?? 1) }} s before trying again.`}
    </Alert>
  );
  const describeError = (error: unknown) => describeFulfillmentError(error, i18n, filters.inventoryIds.join(', '));

  if (!data) {
    if (query.isError) return <ErrorAlert error={query.error} describeError={describeError} onRetry={() => void query.refetch()} />;
    return (
      <>
        {rateNotice}
        <Loading />
      </>
    );
  }
  const total = data.pages[0]?.paging.total ?? 0;
  if (rows.length === 0) return <Typography color="text.secondary">{t`No operation matches these filters.`}</Typography>;

  return (
    <>
      {rateNotice}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography role="status" aria-live="polite">
          {hasNextPage
            ? t`Loaded ${{ loaded: format.number(rows.length) }} of ${{ total: format.number(total) }} operations.`
            : t`All ${{ total: format.number(rows.length) }} operations are loaded.`}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          aria-describedby="fulfillment-export-help"
          onClick={() => downloadText(`fulfillment-operations-${filters.dateFrom}-${filters.dateTo}.csv`, toCsv(operations, csvColumns))}
        >
          {t`Export CSV`}
        </Button>
      </Stack>
      <Typography id="fulfillment-export-help" variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t`Downloads the ${{ count: format.number(operations.length) }} loaded operations.`}
      </Typography>
      <OperationsTable rows={rows} onNearEnd={loadMore} />
      {isFetchNextPageError && <ErrorAlert error={query.error} describeError={describeError} onRetry={() => void fetchNextPage()} />}
      {hasNextPage && (
        <Box sx={{ mb: 2 }}>
          <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t`Loading more…` : t`Load more`}
          </Button>
        </Box>
      )}
      <ChartSection
        rows={operations}
        preferred={chart ?? (filters.inventoryIds.length === 1 ? filters.inventoryIds[0] : undefined)}
        onChart={onChart}
      />
    </>
  );
}
