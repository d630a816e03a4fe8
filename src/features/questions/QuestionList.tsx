import Box from '@mui/material/Box';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { SearchResult } from '../../api/questions';
import { isUnreadable } from '../../api/unreadable';
import { isTyping } from '../../lib/keyboard';
import { quietMount } from '../../lib/virtualList';
import type { InboxFilters } from './keys';
import { pageQuery, pageSize } from './queries';
import { LoadingRow, QuestionRow, UnreadableRow } from './QuestionRow';
import { useNow } from '../../lib/useNow';
import { useDueTime } from '../../lib/answerTarget';
import { useLingui } from '@lingui/react/macro';

/**
 * Every row's height (QuestionRow.module.css lays a row out to fit it at any width): the virtualizer
 * places rows without measuring them, which cost a forced layout per row.
 */
const rowHeight = 144;
const scrollerMinHeight = 320;

interface QuestionListProps {
  filters: InboxFilters;
  /** Rows in the view (the total of its first page). */
  total: number;
  openId: number | undefined;
  selection: ReadonlySet<number>;
  onSelect: ((id: number, selected: boolean) => void) | undefined;
  /** Changes when the seller asks for the newest rows: the list scrolls back to the top. */
  resetToken: number;
}

/**
 * The inbox rows, virtualized: only the rows on screen (plus a few) are in the DOM, and only the
 * pages those rows fall in are requested, so 10,000 questions scroll like 50. `j`/`k` move the focus
 * between rows; Enter on a row opens it (it is a link).
 */
export function QuestionList({ filters, total, openId, selection, onSelect, resetToken }: QuestionListProps) {
  const { t } = useLingui();
  const now = useNow();
  const dueTime = useDueTime(filters.sellerId);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // The scroller's height below (the screen's less the page's head) until it is measured after layout.
    initialRect: { width: 0, height: Math.max(scrollerMinHeight, innerHeight - 300) },
    ...quietMount,
  });
  const rows = virtualizer.getVirtualItems();
  const pages = [...new Set(rows.map((row) => Math.floor(row.index / pageSize)))];
  const results = useQueries({ queries: pages.map((page) => pageQuery(filters, page)) });
  const loaded = new Map<number, SearchResult>();
  pages.forEach((page, index) => {
    const data = results[index]?.data;
    if (data) loaded.set(page, data);
  });

  // Back to the top when the seller asks for the newest rows; a list that has just mounted is there already.
  const shownToken = useRef(resetToken);
  useEffect(() => {
    if (shownToken.current === resetToken) return;
    shownToken.current = resetToken;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetToken]);

  useEffect(() => {
    /** Focuses the row at `index`; a question that could not be read has nothing to focus: the next one by `step`. */
    const focusRow = (index: number, step: 1 | -1) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      // The row may mount only after the scroll: look for it on the next frames.
      let tries = 0;
      const attempt = () => {
        const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
        const link = row?.querySelector<HTMLElement>('[data-question-link]');
        const past = index + step;
        if (link) link.focus();
        else if (row?.querySelector('[data-unreadable]')) {
          if (past >= 0 && past < total) focusRow(past, step);
        } else if (tries++ < 10) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || (event.key !== 'j' && event.key !== 'k')) return;
      const current = document.activeElement?.closest<HTMLElement>('[data-index]');
      const from = current && scrollRef.current?.contains(current) ? Number(current.dataset.index) : -1;
      const step = event.key === 'j' ? 1 : -1;
      const next = Math.min(total - 1, Math.max(0, from + step));
      if (total === 0) return;
      event.preventDefault();
      focusRow(next, step);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [virtualizer, total]);

  return (
    <Box
      ref={scrollRef}
      sx={{
        height: { xs: 'calc(100dvh - 300px)', md: 'calc(100dvh - 280px)' },
        minHeight: scrollerMinHeight,
        overflowY: 'auto',
        overflowX: 'hidden',
        contain: 'strict',
      }}
    >
      {/* Positions go in style, not sx: each distinct value would become a new CSS rule while scrolling. */}
      <div role="list" aria-label={t`Questions`} style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {rows.map((row) => {
          const question = loaded.get(Math.floor(row.index / pageSize))?.questions[row.index % pageSize];
          return (
            <div
              key={row.key}
              role="listitem"
              aria-setsize={total}
              aria-posinset={row.index + 1}
              data-index={row.index}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: rowHeight, transform: `translateY(${row.start}px)` }}
            >
              {question && isUnreadable(question) ? (
                <UnreadableRow entry={question} />
              ) : question ? (
                <QuestionRow
                  question={question}
                  now={now}
                  open={question.id === openId}
                  selected={selection.has(question.id)}
                  onSelect={onSelect}
                  dueTime={dueTime}
                />
              ) : (
                <LoadingRow />
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
