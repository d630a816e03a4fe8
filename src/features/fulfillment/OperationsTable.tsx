import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { Operation } from '../../api/fulfillment';
import { useMessages } from '../../lib/i18n';
import { messages } from './messages';
import { useOperationText } from './operationText';

const rowHeight = 60;
/** Rows rendered above and below the visible ones; the DOM holds the visible rows plus these. */
const overscan = 8;
/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const prefetchRows = 40;

const columns = ['colId', 'colDate', 'colType', 'colInventory', 'colAvailable', 'colNotAvailable', 'colAfter', 'colReference'] as const;
const widths = [110, 170, 330, 130, 130, 130, 170, 170];
const numeric = new Set<string>(['colAvailable', 'colNotAvailable']);

const cell = {
  px: 1.5,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  borderBottom: 1,
  borderColor: 'divider',
  verticalAlign: 'middle',
} as const;

interface OperationsTableProps {
  rows: Operation[];
  /** Called when the seller scrolls near the end of the loaded rows. */
  onNearEnd: () => void;
}

/**
 * The operations as a table whose rows are virtualized: only the rows in view (plus a few) are in the
 * DOM, so 20,000 loaded operations scroll as smoothly as 20. Spacer rows keep the scroll height.
 */
export function OperationsTable({ rows, onNearEnd }: OperationsTableProps) {
  const t = useMessages(messages);
  const text = useOperationText();
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's state is read during render by design
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= rows.length - prefetchRows) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  return (
    <Box
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label={t('tableLabel')}
      sx={{ height: { xs: 420, md: 560 }, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mb: 2 }}
    >
      <Box component="table" sx={{ width: widths.reduce((a, b) => a + b, 0), tableLayout: 'fixed', borderCollapse: 'collapse', typography: 'body2' }}>
        <colgroup>
          {widths.map((width, index) => (
            <col key={columns[index]} style={{ width }} />
          ))}
        </colgroup>
        <Box component="thead" sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper' }}>
          <tr>
            {columns.map((column) => (
              <Box component="th" key={column} scope="col" sx={{ ...cell, py: 1, whiteSpace: 'normal', textAlign: numeric.has(column) ? 'right' : 'left', fontWeight: 600 }}>
                {t(column)}
              </Box>
            ))}
          </tr>
        </Box>
        <tbody>
          {top > 0 && <tr aria-hidden style={{ height: top }} />}
          {items.map((item) => {
            const op = rows[item.index]!;
            const view = text(op);
            return (
              <Box component="tr" key={op.id} data-operation-id={op.id} sx={{ height: rowHeight }}>
                <Box component="th" scope="row" sx={{ ...cell, fontWeight: 400, textAlign: 'left' }}>
                  {op.id}
                </Box>
                <Box component="td" sx={cell}>
                  {view.date}
                </Box>
                <Box component="td" sx={cell}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                    {view.type} · {view.group}
                  </Typography>
                  <Typography variant="caption" noWrap component="div" color="text.secondary" title={view.meaning}>
                    {view.meaning}
                  </Typography>
                </Box>
                <Box component="td" sx={cell}>
                  {op.inventory_id}
                </Box>
                <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                  {view.availableChange}
                </Box>
                <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                  {view.notAvailableChange}
                </Box>
                <Box component="td" sx={cell}>
                  {view.after}
                </Box>
                <Box component="td" sx={cell} title={view.references}>
                  {view.references}
                </Box>
              </Box>
            );
          })}
          {bottom > 0 && <tr aria-hidden style={{ height: bottom }} />}
        </tbody>
      </Box>
    </Box>
  );
}
