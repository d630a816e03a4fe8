import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CatalogEntry, Listing } from '../../api/catalog';
import { isUnreadable, type Unreadable } from '../../api/unreadable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListingSummary } from './ListingSummary';
import { Loading } from '../../components/Loading';
import { describeUnreadable } from '../../components/unreadable';
import { catalogScrollQuery } from '../../lib/catalog';
import { useFormat } from '../../lib/format';
import { urls } from '../../lib/urls';
import { quietMount } from '../../lib/virtualList';
import { locationInfo } from './explain';
import { stockQuery } from '../../lib/stock';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

interface UserProductGroup {
  id: string;
  listings: Listing[];
}

/** A row of the list: a user product with its listings, or a listing that could not be read. */
type ProductRow = UserProductGroup | Unreadable;

/**
 * The listings grouped by user product, in the order the first listing of each appears. A listing that could not
 * be read has a row of its own in its place: which user product it belongs to is unknown.
 */
function groupByUserProduct(listings: CatalogEntry[]): ProductRow[] {
  const rows: ProductRow[] = [];
  const groups = new Map<string, Listing[]>();
  for (const listing of listings) {
    if (isUnreadable(listing)) {
      rows.push(listing);
      continue;
    }
    if (listing.user_product_id === null) continue;
    const group = groups.get(listing.user_product_id);
    if (group) group.push(listing);
    else {
      const grouped = [listing];
      groups.set(listing.user_product_id, grouped);
      rows.push({ id: listing.user_product_id, listings: grouped });
    }
  }
  return rows;
}

/** A user product's locations and their quantities, read when its row is on screen. */
function Locations({ userProductId }: { userProductId: string }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const query = useQuery(stockQuery(userProductId));
  if (query.isError) return <Typography variant="body2" color="error">{t`The stock could not be read.`}</Typography>;
  if (!query.data) return <Typography variant="body2" color="text.secondary">{t`Reading the stock…`}</Typography>;
  const { locations } = query.data.stock;
  return (
    <Typography variant="body2">
      {locations.length === 0
        ? t`No stock locations.`
        : locations
            .map(
              (location) =>
                `${locationInfo(location.type, i18n).name}${location.store_id ? ` ${location.store_id}` : ''}: ${format.number(location.quantity)}`,
            )
            .join(' · ')}
    </Typography>
  );
}

/**
 * A row draws again only when its group changes: the virtualizer draws the list again as rows are measured and as
 * the seller scrolls, which moves the rows and leaves their content as it was (their first measuring drew every
 * row again in one task, 15 ms at 1x).
 */
const UserProductRow = memo(function UserProductRow({ group }: { group: UserProductGroup }) {
  const { t } = useLingui();
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        <Link component={RouterLink} to={urls.stock.detail(group.id)}>
          {t`User product ${group.id}`}
        </Link>
      </Typography>
      <Box sx={{ mb: 1 }}>
        <Locations userProductId={group.id} />
      </Box>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {group.listings.map((listing) => (
          <li key={listing.id}>
            <ListingSummary listing={listing} to={urls.stock.detail(group.id)} />
            {listing.inventory_id && (
              <Typography variant="body2" sx={{ ml: { xs: 0, sm: 7.5 } }}>
                <Link component={RouterLink} to={urls.fulfillment.index({ inventory: listing.inventory_id })}>
                  {t`Inventory ${listing.inventory_id}`}
                </Link>
              </Typography>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
});

/** A listing that could not be read: its id and what is wrong (it has nothing to open). */
const UnreadableRow = memo(function UnreadableRow({ entry }: { entry: Unreadable }) {
  const { i18n } = useLingui();
  const { name, problem } = describeUnreadable(entry, 'listing', i18n);
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {problem}
      </Typography>
    </Box>
  );
});

function ProductRowView({ row }: { row: ProductRow }) {
  return isUnreadable(row) ? <UnreadableRow entry={row} /> : <UserProductRow group={row} />;
}

/** The scrolling rows fill the screen below the page's header and search. */
const rowsHeight = { xs: 'calc(100dvh - 320px)', md: 'calc(100dvh - 300px)' };
const rowsMinHeight = 360;
/** The count line above the rows: one body line and its margin. */
const statusLine = 32;

/**
 * The room of the count line and the rows, held while they load (the seller's id, then the listings), so
 * the recent ids after the list do not move as it arrives.
 */
export function ListRoom({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        height: { xs: `calc(${rowsHeight.xs} + ${statusLine}px)`, md: `calc(${rowsHeight.md} + ${statusLine}px)` },
        minHeight: rowsMinHeight + statusLine,
      }}
    >
      {children}
    </Box>
  );
}

/** The rows, virtualized: only those on screen are in the DOM (and read their stock). */
function GroupRows({ groups, onNearEnd }: { groups: ProductRow[]; onNearEnd: () => void }) {
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 170,
    overscan: 4,
    // The scroller's height (rowsHeight: the screen's less the page's head) until it is measured after layout.
    initialRect: { width: 0, height: Math.max(rowsMinHeight, innerHeight - 320) },
    ...quietMount,
  });
  const rows = virtualizer.getVirtualItems();
  const nearEnd = (rows.at(-1)?.index ?? -1) >= groups.length - 3;
  useEffect(() => {
    if (nearEnd) onNearEnd();
  }, [nearEnd, onNearEnd]);
  return (
    <Box ref={scrollRef} sx={{ height: rowsHeight, minHeight: rowsMinHeight, overflowY: 'auto', contain: 'strict' }}>
      {/* Positions go in style, not sx: each distinct value would become a new CSS rule while scrolling. */}
      <div
        role="list"
        aria-label={t`Your user products`}
        style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            role="listitem"
            aria-setsize={groups.length}
            aria-posinset={row.index + 1}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
          >
            <ProductRowView row={groups[row.index]!} />
          </div>
        ))}
      </div>
    </Box>
  );
}

/**
 * The seller's user products, grouped from their listings (the catalog read 50 at a time as the list
 * scrolls).
 */
export function UserProductList({ sellerId, q }: { sellerId: number; q: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const query = useInfiniteQuery(catalogScrollQuery(sellerId, { q: q || undefined }));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  // Rows drawn at low priority, in short slices, not in the one task a query's answer renders in (as DataState).
  const data = useDeferredValue(query.data);
  const groups = useMemo(() => groupByUserProduct((data?.pages ?? []).flatMap((page) => page.listings)), [data]);
  const userProducts = groups.filter((row) => !isUnreadable(row)).length;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (!data) {
    if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
    return (
      <ListRoom>
        <Loading />
      </ListRoom>
    );
  }
  if (groups.length === 0 && !hasNextPage) {
    return (
      <Typography color="text.secondary">
        {q ? t`No listing of yours matches "${q}".` : t`You have no listings with a user product yet.`}
      </Typography>
    );
  }
  const total = data.pages[0]?.total ?? 0;
  const loaded = data.pages.reduce((sum, page) => sum + page.listings.length, 0);
  return (
    <>
      <Typography role="status" aria-live="polite" sx={{ mb: 1 }}>
        {hasNextPage
          ? t`${plural(userProducts, { one: '# user product', other: '# user products' })} from ${{ loaded: format.number(loaded) }} of ${plural(total, { one: '# listing', other: '# listings' })}; more load as you scroll.`
          : t`${plural(userProducts, { one: '# user product', other: '# user products' })} from ${plural(total, { one: '# listing', other: '# listings' })}.`}
      </Typography>
      <GroupRows groups={groups} onNearEnd={loadMore} />
      {isFetchNextPageError && <ErrorAlert error={query.error} onRetry={() => void fetchNextPage()} />}
      {hasNextPage && (
        <Button sx={{ mt: 1 }} onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? t`Loading more…` : t`Load more`}
        </Button>
      )}
    </>
  );
}
