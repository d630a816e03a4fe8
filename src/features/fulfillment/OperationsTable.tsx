import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { Operation } from '../../api/fulfillment';
import { isUnreadable, type Unreadable } from '../../api/unreadable';
import { describeUnreadable } from '../../components/unreadable';
import { quietMount } from '../../lib/virtualList';
import styles from './OperationsTable.module.css';
import { useOperationText } from './operationText';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const rowHeight = 60;
/** Rows rendered above and below the visible ones; the DOM holds the visible rows plus these. */
const overscan = 8;
/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const prefetchRows = 40;

const columns = ['colId', 'colDate', 'colType', 'colInventory', 'colAvailable', 'colNotAvailable', 'colAfter', 'colReference'] as const;
const columnLabels: Record<(typeof columns)[number], MessageDescriptor> = {
  colId: msg`Operation`,
  colDate: msg`Date (UTC)`,
  colType: msg`Type`,
  colInventory: msg`Inventory`,
  colAvailable: msg`Available change`,
  colNotAvailable: msg`Not available change`,
  colAfter: msg`Stock after`,
  colReference: msg`Reference`,
};
const widths = [110, 170, 330, 130, 130, 130, 170, 170];
const numeric = new Set<string>(['colAvailable', 'colNotAvailable']);

const tableWidth = widths.reduce((a, b) => a + b, 0);
const numericCell = `${styles.cell} ${styles.numeric}`;

interface OperationsTableProps {
  /** Operations, and those the search answered in a shape the log cannot read (a row that says so). */
  rows: (Operation | Unreadable)[];
  /** Called when the seller scrolls near the end of the loaded rows. */
  onNearEnd: () => void;
}

/**
 * The operations as a table whose rows are virtualized: only the rows in view (plus a few) are in the
 * DOM, so 20,000 loaded operations scroll as smoothly as 20. Spacer rows keep the scroll height.
 */
export function OperationsTable({ rows, onNearEnd }: OperationsTableProps) {
  const { t, i18n } = useLingui();
  const text = useOperationText();
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's state is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // The scroller's height on a phone (OperationsTable.module.css) until it is measured after layout.
    initialRect: { width: 0, height: 420 },
    ...quietMount,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= rows.length - prefetchRows) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  return (
    <div ref={scrollRef} tabIndex={0} role="region" aria-label={t`Operations`} className={styles.scroller}>
      <table className={styles.table} style={{ width: tableWidth }}>
        <colgroup>
          {widths.map((width, index) => (
            <col key={columns[index]} style={{ width }} />
          ))}
        </colgroup>
        <thead className={styles.head}>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={numeric.has(column) ? numericCell : styles.cell}>
                {i18n._(columnLabels[column])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {top > 0 && <tr aria-hidden style={{ height: top }} />}
          {items.map((item) => {
            const op = rows[item.index]!;
            if (isUnreadable(op)) {
              const { name, problem } = describeUnreadable(op, 'operation', i18n);
              return (
                <tr key={`unreadable-${item.index}`} style={{ height: rowHeight }}>
                  <th scope="row" className={styles.cell} title={name}>
                    {op.id ?? name}
                  </th>
                  <td colSpan={columns.length - 1} className={styles.cell} title={problem}>
                    {problem}
                  </td>
                </tr>
              );
            }
            const view = text(op);
            return (
              <tr key={op.id} data-operation-id={op.id} style={{ height: rowHeight }}>
                <th scope="row" className={styles.cell}>
                  {op.id}
                </th>
                <td className={styles.cell}>{view.date}</td>
                <td className={styles.cell}>
                  <div className={styles.type}>
                    {view.type} · {view.group}
                  </div>
                  <div className={styles.meaning} title={view.meaning}>
                    {view.meaning}
                  </div>
                </td>
                <td className={styles.cell}>{op.inventory_id}</td>
                <td className={numericCell}>{view.availableChange}</td>
                <td className={numericCell}>{view.notAvailableChange}</td>
                <td className={styles.cell}>{view.after}</td>
                <td className={styles.cell} title={view.references}>
                  {view.references}
                </td>
              </tr>
            );
          })}
          {bottom > 0 && <tr aria-hidden style={{ height: bottom }} />}
        </tbody>
      </table>
    </div>
  );
}
