import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { catalogLimits, type Listing } from '../../api/catalog';
import { isNotAvailableStatus, type NotAvailableStatus } from '../../api/fulfillment';
import { isUnreadable } from '../../api/unreadable';
import { describeUnreadable } from '../../components/unreadable';
import { catalogPageQuery, fulfilledStockQuery, type FulfilledStockRow } from '../../lib/catalog';
import { useFormat } from '../../lib/format';
import { urls } from '../../lib/urls';
import { Figure, Headline, HomeCard, Quiet } from './HomeCard';
import { lowStockAlertsQuery } from './queries';

/**
 * The listings the card reads: the catalog's first search page, whose batch reads carry each quantity. The same
 * page (and so the same cache entry) the fulfilled stock starts from.
 */
const firstListings = { offset: 0, limit: catalogLimits.maxSearchLimit };
/** Sold-out listings the card names, each a link to its stock. */
const namedCount = 3;

// The fulfillment area's labels, said again here: their translations must be in the home catalog, since
// the home page does not load the fulfillment area's catalog (the words are few; the catalog is not).
const reasonLabels: Record<NotAvailableStatus, MessageDescriptor> = {
  damage: msg`Damaged`,
  lost: msg`Lost`,
  withdrawal: msg`Withdrawal`,
  internal_process: msg`Internal process`,
  transfer: msg`Transfer`,
  noFiscalCoverage: msg`No fiscal coverage`,
  not_supported: msg`Not supported`,
};

/** Units not available by reason over the rows, largest first (a reason the spec does not list keeps its code). */
function byReason(rows: FulfilledStockRow[]): [string, number][] {
  const sums = new Map<string, number>();
  for (const { stock } of rows)
    for (const { status, quantity } of stock.not_available_detail) sums.set(status, (sums.get(status) ?? 0) + quantity);
  return [...sums].filter(([, quantity]) => quantity > 0).sort((a, b) => b[1] - a[1]);
}

function SoldOut({ sellerId }: { sellerId: number }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const query = useQuery(catalogPageQuery(sellerId, firstListings));
  return (
    <Figure query={query} isEmpty={(page) => page.total === 0} empty={<Quiet>{t`You have no listings yet.`}</Quiet>}>
      {({ listings: entries, total }) => {
        const listings = entries.filter((entry): entry is Listing => !isUnreadable(entry));
        const unreadable = entries.filter(isUnreadable);
        const soldOut = listings.filter((listing) => listing.available_quantity === 0);
        const count = soldOut.length;
        return (
          <>
            <Headline value={format.number(count)}>
              {total > entries.length || unreadable.length > 0
                ? t`${plural(count, { one: 'listing', other: 'listings' })} with no available quantity, of the first ${{ read: format.number(listings.length) }}`
                : t`${plural(count, { one: 'listing', other: 'listings' })} with no available quantity`}
            </Headline>
            {count > 0 && (
              <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }} aria-label={t`Listings with no available quantity`}>
                {soldOut.slice(0, namedCount).map((listing) => (
                  <li key={listing.id}>
                    {listing.user_product_id ? (
                      <Link component={RouterLink} to={urls.stock.detail(listing.user_product_id)}>
                        {listing.title}
                      </Link>
                    ) : (
                      listing.title
                    )}
                  </li>
                ))}
              </Stack>
            )}
            {/* Their quantities are unknown: named, so the seller can look at them on the marketplace. */}
            {unreadable.length > 0 && (
              <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }} aria-label={t`Listings that could not be read`}>
                {unreadable.slice(0, namedCount).map((entry, index) => {
                  const { name, problem } = describeUnreadable(entry, 'listing', i18n);
                  return (
                    <Typography component="li" variant="body2" key={entry.id ?? index} sx={{ overflowWrap: 'anywhere' }}>
                      {`${name} · ${problem}`}
                    </Typography>
                  );
                })}
              </Stack>
            )}
          </>
        );
      }}
    </Figure>
  );
}

function NotAvailable({ sellerId }: { sellerId: number }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const query = useQuery(fulfilledStockQuery(sellerId));
  return (
    <Figure query={query} isEmpty={(read) => read.rows.length === 0} empty={<Quiet>{t`No listing is in fulfillment.`}</Quiet>}>
      {({ rows, more }) => {
        const reasons = byReason(rows);
        const units = reasons.reduce((sum, [, quantity]) => sum + quantity, 0);
        const listings = format.number(rows.length);
        return (
          <>
            <Headline value={format.number(units)}>
              {more
                ? t`${plural(units, { one: 'unit', other: 'units' })} not available, of the first ${listings} fulfilled listings`
                : t`${plural(units, { one: 'unit', other: 'units' })} not available`}
            </Headline>
            {reasons.length > 0 && (
              <Typography
                component="dl"
                variant="body2"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, '& dd': { m: 0 } }}
              >
                {reasons.map(([status, quantity]) => (
                  <div key={status} style={{ display: 'contents' }}>
                    <dt>{isNotAvailableStatus(status) ? i18n._(reasonLabels[status]) : status}</dt>
                    <dd>{format.number(quantity)}</dd>
                  </div>
                ))}
              </Typography>
            )}
          </>
        );
      }}
    </Figure>
  );
}

/** The low-stock alerts: one per crossing of a user product's threshold, the newest named with their figures. */
function LowStock() {
  const { t } = useLingui();
  const format = useFormat();
  const query = useQuery(lowStockAlertsQuery);
  return (
    <Figure query={query} isEmpty={({ alerts }) => alerts.length === 0} empty={<Quiet>{t`No low-stock alert.`}</Quiet>}>
      {({ alerts, more }) => {
        const count = alerts.length;
        return (
          <>
            <Headline value={format.number(count)}>
              {more
                ? t`${plural(count, { one: 'low-stock alert', other: 'low-stock alerts' })} among the latest stock changes`
                : t`${plural(count, { one: 'low-stock alert', other: 'low-stock alerts' })}`}
            </Headline>
            <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }} aria-label={t`Low-stock alerts`}>
              {alerts.slice(0, namedCount).map(({ id, subject, facts }) => (
                <li key={id}>
                  {subject.userProductId ? (
                    <Link component={RouterLink} to={urls.stock.detail(subject.userProductId)}>
                      {subject.userProductId}
                    </Link>
                  ) : null}{' '}
                  {t`${{ total: format.number(Number(facts.total)) }} left (alert at ${{ threshold: format.number(Number(facts.threshold)) }})`}
                </li>
              ))}
            </Stack>
          </>
        );
      }}
    </Figure>
  );
}

/** Sold-out listings, low-stock alerts, and fulfillment units not available by reason, each part read on its own. */
export function StockCard({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const fulfillmentId = useId();
  const lowStockId = useId();
  return (
    <HomeCard title={t`Stock`} reserve={460} to={urls.stock.index()}>
      <Stack spacing={2}>
        {/* Holds the loading indicator's height, so a short answer does not pull the fulfillment part up. */}
        <Box sx={{ minHeight: 88 }}>
          <SoldOut sellerId={sellerId} />
        </Box>
        <section aria-labelledby={lowStockId}>
          <Typography variant="subtitle1" component="h3" id={lowStockId} sx={{ fontWeight: 600 }}>
            {t`Low stock`}
          </Typography>
          <LowStock />
        </section>
        <section aria-labelledby={fulfillmentId}>
          <Typography variant="subtitle1" component="h3" id={fulfillmentId} sx={{ fontWeight: 600 }}>
            <Link component={RouterLink} to={urls.fulfillment.index()} underline="hover">
              {t`Fulfillment`}
            </Link>
          </Typography>
          <NotAvailable sellerId={sellerId} />
        </section>
      </Stack>
    </HomeCard>
  );
}
