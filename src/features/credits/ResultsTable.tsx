import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import type { UsePaginationItem } from '@mui/material/usePagination';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Link as RouterLink } from 'react-router';
import type { CreditLead, CreditLeadSearch } from '../../api/credits';
import { useFormat } from '../../lib/format';
import { useRevealed } from '../../lib/useRevealed';
import { urls } from '../../lib/urls';
import type { CreditLeadRow } from './creditLeadView';
import { isUnreadable } from '../../api/unreadable';
import { describeUnreadable } from '../../components/unreadable';
import { pageSizes } from './searchState';
import chip from '../../components/Chip.module.css';
import styles from './ResultsTable.module.css';
import { useLingui } from '@lingui/react/macro';
import { statusLabels, entityLabels, labelOf, reviewStatusLabels } from './labels';

interface ResultsTableProps {
  page: CreditLeadSearch;
  rows: CreditLeadRow[];
  selectedId: string | undefined;
  /** The current search params, kept when a lead is opened. */
  search: string;
  onPage: (offset: number, limit: number) => void;
}

export const shortId = (id: string) => id.slice(0, 8);

export function StatusChip({ status }: { status: CreditLead['status'] | undefined }) {
  const { t, i18n } = useLingui();
  return <span className={`${chip.chip} ${chip.outlined}`}>{status ? labelOf(statusLabels, status, i18n) : t`Not reported`}</span>;
}

/** The columns every list of leads has after the lead and its item (this table, "All my accounts"). */
export function LeadHeads() {
  const { t } = useLingui();
  return (
    <>
      <th scope="col" className={`${styles.cell} ${styles.numeric}`}>{t`Down payment`}</th>
      <th scope="col" className={`${styles.cell} ${styles.numeric}`}>{t`Installments`}</th>
      <th scope="col" className={styles.cell}>{t`Entity`}</th>
      <th scope="col" className={styles.cell}>{t`Created`}</th>
      <th scope="col" className={styles.cell}>{t`Status`}</th>
    </>
  );
}

/** A lead's cells under `LeadHeads`: amounts in `currency` (a plain number without one), entity, date, status and expiry. */
export function LeadCells({ lead, status, currency }: { lead: CreditLead; status: string | undefined; currency: string | undefined }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const money = (value: number) => (currency ? format.money(value, currency) : format.number(value));
  return (
    <>
      <td className={`${styles.cell} ${styles.numeric}`}>{money(lead.down_payment_amount)}</td>
      <td className={`${styles.cell} ${styles.numeric} ${styles.nowrap}`}>
        {t`${{ count: format.number(lead.installments_number) }} × ${{ amount: money(lead.installments_amount) }}`}
      </td>
      <td className={styles.cell}>{labelOf(entityLabels, lead.financial_entity_id, i18n)}</td>
      <td className={`${styles.cell} ${styles.nowrap}`}>{format.dateTime(lead.date_created)}</td>
      <td className={styles.cell}>
        <span className={styles.marks}>
          <StatusChip status={status} />
          {lead.expired && <span className={chip.chip}>{t`Expired`}</span>}
        </span>
      </td>
    </>
  );
}

/** One page of leads: item, amounts in the site's currency, entity, date, status, expired marks and the team's review. */
export function ResultsTable({ page, rows, selectedId, search, onPage }: ResultsTableProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { offset, limit, total } = page.paging;
  const pageLabels: Partial<Record<UsePaginationItem['type'], string>> = {
    first: t`First page`,
    previous: t`Previous page`,
    next: t`Next page`,
    last: t`Last page`,
  };
  const pageLabel = (type: UsePaginationItem['type'], number: number | null) =>
    pageLabels[type] ?? t`Page ${{ number: format.number(number ?? 0) }}`;
  const revealed = useRevealed(rows.length);
  return (
    <>
      <div className={styles.scroller}>
        {/* Busy while the rows after the first screenful are still being drawn. */}
        <table className={styles.table} aria-label={t`Credit leads found`} aria-busy={revealed < rows.length}>
          <thead className={styles.head}>
            <tr>
              <th scope="col" className={styles.cell}>{t`Lead`}</th>
              <th scope="col" className={styles.cell}>
                {t({ message: `Item`, context: 'credit lead' })}
              </th>
              <LeadHeads />
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, revealed).map((row, index) => {
              if (isUnreadable(row)) {
                // A lead the page cannot read: its id and what is wrong, across the row (nothing to open).
                const { name, problem } = describeUnreadable(row, 'creditLead', i18n);
                return (
                  <tr key={row.id ?? index}>
                    <td className={`${styles.cell} ${styles.unreadable}`}>{name}</td>
                    <td colSpan={6} className={styles.cell}>
                      {problem}
                    </td>
                  </tr>
                );
              }
              const { lead, status, itemTitle, currency, review } = row;
              return (
                <tr
                  key={lead.id}
                  className={lead.id === selectedId ? styles.selected : undefined}
                  aria-current={lead.id === selectedId ? 'true' : undefined}
                >
                  <td className={styles.cell}>
                    <RouterLink to={urls.credits.detail(lead.id, search)} className={styles.id}>
                      {shortId(lead.id)}
                    </RouterLink>
                    {review && review.status !== 'new' && (
                      <span className={styles.reviewed}>
                        <CheckCircleOutline fontSize="small" aria-hidden />
                        {i18n._(reviewStatusLabels[review.status])}
                      </span>
                    )}
                  </td>
                  <td className={`${styles.cell} ${styles.item}`}>
                    <p className={styles.title} title={itemTitle}>
                      {itemTitle}
                    </p>
                    <span className={styles.caption}>{lead.item_id}</span>
                  </td>
                  <LeadCells lead={lead} status={status} currency={currency} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/*
        MUI's Pagination, not TablePagination: the latter's buttons come with tooltips, whose Popper (8 KB compressed)
        and Toolbar were downloaded and drawn with the page's first rows.
      */}
      <div className={styles.paging}>
        <TextField
          select
          size="small"
          className={styles.pageSize}
          label={t`Leads per page`}
          value={limit}
          onChange={(event) => onPage(0, Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <MenuItem key={size} value={size}>
              {format.number(size)}
            </MenuItem>
          ))}
        </TextField>
        <span>
          {t`${{ from: format.number(total === 0 ? 0 : offset + 1) }}–${{ to: format.number(Math.min(offset + limit, total)) }} of ${{ count: format.number(total) }}`}
        </span>
        <Pagination
          aria-label={t`Pages of leads`}
          count={Math.max(1, Math.ceil(total / limit))}
          page={Math.floor(offset / limit) + 1}
          onChange={(_event, next) => onPage((next - 1) * limit, limit)}
          getItemAriaLabel={pageLabel}
          siblingCount={0}
          showFirstButton
          showLastButton
        />
      </div>
    </>
  );
}
