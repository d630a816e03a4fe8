import Alert from '@mui/material/Alert';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { searchLimits, siteOf, type Category } from '../../api/categories';
import { isApiError } from '../../api/errors';
import { isUnreadable } from '../../api/unreadable';
import { DataState } from '../../components/DataState';
import { describeUnreadable } from '../../components/unreadable';
import { useFormat } from '../../lib/format';
import { NamedCell } from './NamedCell';
import { categoryItemsQuery } from './queries';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

const pageSize = 20;
/** The API serves at most offset + limit = 1000: pages beyond are never offered. */
const maxPages = Math.floor(searchLimits.maxWindow / pageSize);

interface ItemsPanelProps {
  category: Category;
  /** 1-based page, from the URL. */
  page: number;
  onPage: (page: number) => void;
}

/**
 * Items of the category (GET /sites/{site}/search?category=), paged. The public API answers 403 here even
 * with a token: that is explained in words, and the rest of the page is untouched.
 */
export function ItemsPanel({ category, page, onPage }: ItemsPanelProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const current = Math.min(page, maxPages);
  const query = useQuery(
    categoryItemsQuery(siteOf(category.id), { category: category.id, offset: (current - 1) * pageSize, limit: pageSize }),
  );
  if (isApiError(query.error, 403))
    return (
      <Alert severity="info" role="status">
        {t`Item search is not available for this account: the marketplace answers 403 to item searches. Everything else on this page keeps working.`}
      </Alert>
    );
  return (
    <DataState
      query={query}
      isEmpty={(data) => data.paging.total === 0}
      empty={<Typography>{t`No items are listed in this category.`}</Typography>}
    >
      {(data) => {
        const pages = Math.min(maxPages, Math.ceil(data.paging.total / pageSize));
        return (
          <>
            <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t`${plural({ count: data.paging.total }, { one: `# item found`, other: `# items found` })}`}
            </Typography>
            <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              <Table size="small" sx={{ minWidth: 560 }}>
                <caption style={{ captionSide: 'top', textAlign: 'left' }}>{t`Items listed in ${{ name: category.name }}`}</caption>
                <TableHead>
                  <TableRow>
                    <TableCell>{t({ message: `Item`, context: 'category items' })}</TableCell>
                    <TableCell align="right">{t`Price`}</TableCell>
                    <TableCell align="right">{t({ message: `Available`, context: 'units' })}</TableCell>
                    <TableCell align="right">{t`Sold`}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.results.map((item, index) => {
                    if (isUnreadable(item)) {
                      const { name, problem } = describeUnreadable(item, 'listing', i18n);
                      return (
                        <TableRow key={item.id ?? index}>
                          <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                            {name}
                          </TableCell>
                          <TableCell colSpan={3}>{problem}</TableCell>
                        </TableRow>
                      );
                    }
                    return (
                      <TableRow key={item.id}>
                        <NamedCell name={item.title} id={item.id} />
                        <TableCell align="right">{format.money(item.price, item.currency_id)}</TableCell>
                        <TableCell align="right">{format.number(item.available_quantity)}</TableCell>
                        <TableCell align="right">{format.number(item.sold_quantity)}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            {pages > 1 && (
              <Pagination
                aria-label={t`Item pages`}
                count={pages}
                page={current}
                onChange={(_event, next) => onPage(next)}
                sx={{ mt: 2 }}
                siblingCount={0}
              />
            )}
          </>
        );
      }}
    </DataState>
  );
}
