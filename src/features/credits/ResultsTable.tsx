import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Link as RouterLink } from 'react-router';
import type { CreditLead, CreditLeadSearch } from '../../api/credits';
import { useFormat } from '../../lib/format';
import { urls } from '../../lib/urls';
import type { CreditLeadView } from './creditLeadView';
import { pageSizes } from './searchState';
import { useLingui } from '@lingui/react/macro';
import { statusLabels, entityLabels, labelOf } from './labels';

interface ResultsTableProps {
  page: CreditLeadSearch;
  rows: CreditLeadView[];
  selectedId: string | undefined;
  /** The current search params, kept when a lead is opened. */
  search: string;
  onPage: (offset: number, limit: number) => void;
}

export const shortId = (id: string) => id.slice(0, 8);

export function StatusChip({ status }: { status: CreditLead['status'] | undefined }) {
  const { t, i18n } = useLingui();
  return <Chip size="small" variant="outlined" label={status ? labelOf(statusLabels, status, i18n) : t`Not reported`} />;
}

/** One page of leads: item, amounts in the site's currency, entity, date, status, expired and reviewed marks. */
export function ResultsTable({ page, rows, selectedId, search, onPage }: ResultsTableProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { offset, limit, total } = page.paging;
  const pageLabels = { first: t`First page`, previous: t`Previous page`, next: t`Next page`, last: t`Last page` };
  const money = (value: number, currency: string | undefined) => (currency ? format.money(value, currency) : format.number(value));
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t`Credit leads found`}>
          <TableHead>
            <TableRow>
              <TableCell>{t`Lead`}</TableCell>
              <TableCell>{t({ message: `Item`, context: 'credit lead' })}</TableCell>
              <TableCell align="right">{t`Down payment`}</TableCell>
              <TableCell align="right">{t`Installments`}</TableCell>
              <TableCell>{t`Entity`}</TableCell>
              <TableCell>{t`Created`}</TableCell>
              <TableCell>{t`Status`}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ lead, status, itemTitle, currency, reviewed }) => (
              <TableRow key={lead.id} selected={lead.id === selectedId} aria-current={lead.id === selectedId ? 'true' : undefined}>
                <TableCell>
                  <Link component={RouterLink} to={urls.credits.detail(lead.id, search)} sx={{ fontFamily: 'monospace' }}>
                    {shortId(lead.id)}
                  </Link>
                  {reviewed && (
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ml: 1, verticalAlign: 'middle' }}>
                      <CheckCircleOutline fontSize="small" aria-hidden />
                      <Typography variant="caption">{t`Reviewed`}</Typography>
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 160, maxWidth: 240 }}>
                  {/* Two lines are held for the title, which arrives after the row: the row never grows. */}
                  <Typography
                    variant="body2"
                    title={itemTitle}
                    sx={{ minHeight: '2lh', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    {itemTitle}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {lead.item_id}
                  </Typography>
                </TableCell>
                <TableCell align="right">{money(lead.down_payment_amount, currency)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t`${{ count: format.number(lead.installments_number) }} × ${{ amount: money(lead.installments_amount, currency) }}`}
                </TableCell>
                <TableCell>{labelOf(entityLabels, lead.financial_entity_id, i18n)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(lead.date_created)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    <StatusChip status={status} />
                    {lead.expired && <Chip size="small" label={t`Expired`} />}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.floor(offset / limit)}
        rowsPerPage={limit}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_event, next) => onPage(next * limit, limit)}
        onRowsPerPageChange={(event) => onPage(0, Number(event.target.value))}
        labelRowsPerPage={t`Leads per page`}
        labelDisplayedRows={({ from, to, count }) =>
          t`${{ from: format.number(from) }}–${{ to: format.number(to) }} of ${{ count: format.number(count) }}`
        }
        getItemAriaLabel={(type) => pageLabels[type]}
        showFirstButton
        showLastButton
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap' } }}
      />
    </>
  );
}
