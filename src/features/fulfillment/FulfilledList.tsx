import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { isNotAvailableStatus } from '../../api/fulfillment';
import { DataState } from '../../components/DataState';
import { Section } from '../../components/Section';
import { TitleSearch } from '../../components/TitleSearch';
import { fulfilledStockQuery, type FulfilledStockRow } from '../../lib/catalog';
import { useFormat } from '../../lib/format';
import { useMe } from '../../lib/identity';
import { safeImage } from '../../lib/safeUrl';
import { useSession } from '../../lib/session';
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
  q: z.string().catch(''),
  sort: z.enum(sorts).catch('catalog'),
  limit: z.coerce.number().int().min(step).max(1000).catch(step),
});

/** Most not-available units first; equal ones keep catalog order (the sort is stable). */
function sortRows(rows: FulfilledStockRow[], sort: Sort): FulfilledStockRow[] {
  return sort === 'not_available' ? rows.toSorted((a, b) => b.stock.not_available_quantity - a.stock.not_available_quantity) : rows;
}

function Row({ row }: { row: FulfilledStockRow }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { mode } = useSession();
  const { listing, stock } = row;
  const image = safeImage(listing.thumbnail, mode === 'demo' ? 'demo' : 'live');
  const reasons = stock.not_available_detail
    .filter((detail) => detail.quantity > 0)
    .map(
      (detail) =>
        `${isNotAvailableStatus(detail.status) ? i18n._(statusLabels[detail.status]) : detail.status} ${format.number(detail.quantity)}`,
    )
    .join(', ');
  return (
    <li className={styles.row}>
      <div className={styles.photo} aria-hidden={image ? undefined : true}>
        {image && <img src={image} alt="" width={48} height={48} loading="lazy" decoding="async" />}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <RouterLink className={styles.link} to={urls.fulfillment.index({ inventory: listing.inventory_id ?? undefined })}>
            {listing.title}
          </RouterLink>
        </h3>
        <p className={styles.detail}>
          {[
            listing.seller_custom_field ? t`SKU ${listing.seller_custom_field}` : t`No SKU`,
            t`Inventory ${{ id: stock.inventory_id }}`,
          ].join(' · ')}
        </p>
        <p className={styles.units}>
          {t`${{ available: format.number(stock.available_quantity) }} available · ${{ notAvailable: format.number(stock.not_available_quantity) }} not available`}
          {reasons && ` (${reasons})`}
        </p>
      </div>
    </li>
  );
}

function Rows({ sellerId, q, sort, limit, onMore }: { sellerId: number; q: string; sort: Sort; limit: number; onMore: () => void }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const query = useQuery({
    ...fulfilledStockQuery(sellerId, limit, q || undefined),
    // "Show more" keeps the rows on screen while the next ones are read; a new search starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.at(-1) === q ? previous : undefined),
  });
  const shown = useDeferredValue(query.data);
  return (
    // Drawn when DataState draws the rows (from the same deferred value), so the room is never given up early.
    <div className={shown ? undefined : styles.pending}>
      <DataState
        query={query}
        isEmpty={(read) => read.rows.length === 0}
        empty={<Typography color="text.secondary">{q ? t`No fulfilled listing matches "${q}".` : t`No fulfilled listings`}</Typography>}
        describeError={(error) => describeFulfillmentError(error, i18n, '')}
      >
        {({ rows, more }) => (
          <>
            <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {more
                ? t`The first ${{ count: format.number(rows.length) }} fulfilled listings; sorting orders these only.`
                : t`${plural(rows.length, { one: '# fulfilled listing', other: '# fulfilled listings' })}.`}
            </Typography>
            <ul aria-label={t`Fulfilled listings`} className={styles.list}>
              {sortRows(rows, sort).map((row) => (
                <Row key={row.listing.id} row={row} />
              ))}
            </ul>
            {more && (
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
