import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod/mini';
import type { CatalogEntry, Listing } from '../../api/catalog';
import { isNotAvailableStatus, type FulfillmentStock } from '../../api/fulfillment';
import { isUnreadable, type Unreadable } from '../../api/unreadable';
import { DataState } from '../../components/DataState';
import { describeError } from '../../components/describeError';
import { Section } from '../../components/Section';
import { describeUnreadable } from '../../components/unreadable';
import { TitleSearch } from '../../components/TitleSearch';
import { fulfilledListingsQuery, inventoryStockQuery, type FulfilledListings } from '../../lib/catalog';
import { useFormat } from '../../lib/format';
import { useMe } from '../../lib/identity';
import { safeImage } from '../../lib/safeUrl';
import { useSession } from '../../lib/session';
import { useRevealed } from '../../lib/useRevealed';
import { useUrlState } from '../../lib/urlState';
import { urls } from '../../lib/urls';
import { describeFulfillmentError } from './errors';
import styles from './FulfilledList.module.css';
import { statusLabels } from './labels';

/** Rows per "Show more": the query reads through the cache, so each step reads only the new rows. */
const step = 20;
const sorts = ['catalog', 'not_available'] as const;
type Sort = (typeof sorts)[number];

const urlSchema = z.object({
  q: z.catch(z.string(), ''),
  sort: z.catch(z.enum(sorts), 'catalog'),
  limit: z.catch(z.coerce.number().check(z.int(), z.minimum(step), z.maximum(1000)), step),
});

type StockRead = UseQueryResult<FulfillmentStock | null>;

/**
 * Most not-available units first; equal ones keep catalog order (the sort is stable), and a listing whose
 * stock is unknown (not in the operator's records, its read failed, or the listing could not be read) goes last.
 * Sorted once every read has answered, so the list never reorders under the seller's finger. `reads` are those of
 * the `readable` listings, in their order.
 */
function notAvailableOrder(entries: CatalogEntry[], readable: Listing[], reads: StockRead[]): CatalogEntry[] {
  const units = new Map(readable.map((listing, index) => [listing, reads[index]?.data?.not_available_quantity ?? -1]));
  return entries
    .map((entry) => ({ entry, units: isUnreadable(entry) ? -1 : (units.get(entry) ?? -1) }))
    .toSorted((a, b) => b.units - a.units)
    .map(({ entry }) => entry);
}

/**
 * A row's units, filled in place once its own stock read answers: the rows do not wait for each other.
 * Two single lines are held from the start (available units; then not available with its reasons, most
 * units first, cut to the line), so a stock arriving shifts no row below, in any language. The inventory's
 * page has the whole breakdown.
 */
function Units({ read, inventoryId }: { read: StockRead; inventoryId: string }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  if (read.isPending) {
    return (
      <div className={styles.units}>
        <p className={styles.reading}>{t`Reading stock…`}</p>
      </div>
    );
  }
  if (read.isError) {
    return (
      <div className={styles.units}>
        <p className={styles.wraps}>
          {t`Stock could not be read: ${{ reason: describeError(read.error, i18n, (error) => describeFulfillmentError(error, i18n, inventoryId)).summary }}`}{' '}
          <button type="button" className={styles.retry} onClick={() => void read.refetch()}>
            {t`Retry`}
          </button>
        </p>
      </div>
    );
  }
  if (!read.data) {
    return (
      <div className={styles.units}>
        <p className={styles.wraps}>{t`The fulfillment operator has no stock for this inventory.`}</p>
      </div>
    );
  }
  const stock = read.data;
  const reasons = stock.not_available_detail
    .filter((detail) => detail.quantity > 0)
    .toSorted((a, b) => b.quantity - a.quantity)
    .map(
      (detail) =>
        `${isNotAvailableStatus(detail.status) ? i18n._(statusLabels[detail.status]) : detail.status} ${format.number(detail.quantity)}`,
    )
    .join(', ');
  const notAvailable = t`${{ notAvailable: format.number(stock.not_available_quantity) }} not available`;
  const line = reasons ? `${notAvailable}: ${reasons}` : notAvailable;
  return (
    <div className={styles.units}>
      <p>{t`${{ available: format.number(stock.available_quantity) }} available`}</p>
      {/* Cut to the line on a narrow screen: the whole line on hover (and always to a screen reader). */}
      <p title={line}>{line}</p>
    </div>
  );
}

function Row({ listing }: { listing: Listing }) {
  const { t } = useLingui();
  const { mode } = useSession();
  const inventoryId = listing.inventory_id!;
  const read = useQuery(inventoryStockQuery(inventoryId));
  const image = safeImage(listing.thumbnail, mode === 'demo' ? 'demo' : 'live');
  return (
    <li className={styles.row}>
      <div className={styles.photo} aria-hidden={image ? undefined : true}>
        {image && <img src={image} alt="" width={48} height={48} loading="lazy" decoding="async" />}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <RouterLink className={styles.link} to={urls.fulfillment.index({ inventory: inventoryId })}>
            {listing.title}
          </RouterLink>
        </h3>
        <p className={styles.detail}>
          {[listing.seller_custom_field ? t`SKU ${listing.seller_custom_field}` : t`No SKU`, t`Inventory ${{ id: inventoryId }}`].join(
            ' · ',
          )}
        </p>
        <Units read={read} inventoryId={inventoryId} />
      </div>
    </li>
  );
}

/** A listing that could not be read: its id and what is wrong, in a row of the same frame (nothing to open). */
function UnreadableRow({ entry }: { entry: Unreadable }) {
  const { i18n } = useLingui();
  const { name, problem } = describeUnreadable(entry, 'listing', i18n);
  return (
    <li className={styles.row}>
      <div className={styles.photo} aria-hidden />
      <div className={styles.body}>
        <h3 className={styles.title}>{name}</h3>
        <p className={styles.detail}>{problem}</p>
      </div>
    </li>
  );
}

function Listed({ listings, more, sort }: FulfilledListings & { sort: Sort }) {
  const { t } = useLingui();
  const format = useFormat();
  const readable = listings.filter((entry): entry is Listing => !isUnreadable(entry));
  // Sorting by units needs every row's stock: the same reads the rows make, observed here only then.
  const reads = useQueries({
    queries: sort === 'not_available' ? readable.map((listing) => inventoryStockQuery(listing.inventory_id!)) : [],
    // Answered once, data or error: a row's Retry then refetches in place, without taking the list away.
    combine: (results) => (results.every((read) => read.isFetched) ? results : null),
  });
  // A phone's screenful first: each row also starts its own stock read.
  const revealed = useRevealed(listings.length, 8, 4);
  if (!reads) {
    return (
      <div role="status" className={styles.pending}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t`Reading the stock of ${{ count: format.number(readable.length) }} listings to sort them…`}
        </Typography>
        <LinearProgress aria-label={t`Reading stock`} />
      </div>
    );
  }
  const shown = sort === 'not_available' ? notAvailableOrder(listings, readable, reads) : listings;
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {more
          ? t`The first ${{ count: format.number(readable.length) }} fulfilled listings; sorting orders these only.`
          : t`${plural(readable.length, { one: '# fulfilled listing', other: '# fulfilled listings' })}.`}
      </Typography>
      <ul aria-label={t`Fulfilled listings`} aria-busy={revealed < shown.length} className={styles.list}>
        {shown
          .slice(0, revealed)
          .map((entry, index) =>
            isUnreadable(entry) ? <UnreadableRow key={entry.id ?? index} entry={entry} /> : <Row key={entry.id} listing={entry} />,
          )}
      </ul>
    </>
  );
}

function Rows({ sellerId, q, sort, limit, onMore }: { sellerId: number; q: string; sort: Sort; limit: number; onMore: () => void }) {
  const { t, i18n } = useLingui();
  const query = useQuery({
    ...fulfilledListingsQuery(sellerId, limit, q || undefined),
    // "Show more" keeps the rows on screen while the next ones are read; a new search starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.at(-1) === q ? previous : undefined),
  });
  const shown = useDeferredValue(query.data);
  return (
    // Drawn when DataState draws the rows (from the same deferred value), so the room is never given up early.
    <div className={shown ? undefined : styles.pending}>
      <DataState
        query={query}
        isEmpty={(read) => read.listings.length === 0}
        empty={<Typography color="text.secondary">{q ? t`No fulfilled listing matches "${q}".` : t`No fulfilled listings`}</Typography>}
        describeError={(error) => describeFulfillmentError(error, i18n, '')}
      >
        {(read) => (
          <>
            <Listed {...read} sort={sort} />
            {read.more && (
              <Button sx={{ mt: 1 }} onClick={onMore} disabled={query.isPlaceholderData}>
                {query.isPlaceholderData ? t`Loading more…` : t`Show more`}
              </Button>
            )}
          </>
        )}
      </DataState>
    </div>
  );
}

/** The seller's fulfilled listings with each inventory's stock; a title opens that inventory below. */
export function FulfilledList() {
  const { t } = useLingui();
  const me = useMe();
  const [url, update] = useUrlState(urlSchema);
  return (
    <Section title={t`Fulfilled listings`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TitleSearch
          key={url.q}
          q={url.q}
          onSearch={(q) => update({ q, limit: undefined })}
          label={t`Search by title`}
          submitLabel={t`Search`}
        />
        <TextField
          select
          size="small"
          label={t`Sort`}
          value={url.sort}
          onChange={(event) => update({ sort: event.target.value === 'catalog' ? undefined : event.target.value }, { replace: true })}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value="catalog">{t`Catalog order`}</MenuItem>
          <MenuItem value="not_available">{t`Not available, most first`}</MenuItem>
        </TextField>
      </Box>
      {me.data ? (
        <Rows
          sellerId={me.data.id}
          q={url.q}
          sort={url.sort}
          limit={url.limit}
          onMore={() => update({ limit: url.limit + step }, { replace: true })}
        />
      ) : (
        <div className={styles.pending}>
          <DataState query={me}>{() => null}</DataState>
        </div>
      )}
    </Section>
  );
}
