import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Listing } from '../../api/catalog';
import { useFormat } from '../../lib/format';
import { safeImage, safeLink } from '../../lib/safeUrl';
import { useSession } from '../../lib/session';
import { Link as RouterLink } from 'react-router';
import { useLingui } from '@lingui/react/macro';

/**
 * One listing as the catalog lists show it: photo, title (a link to `to`, the page of Seller Desk that the
 * list opens: sellers know their listings by title), SKU, price, available quantity and the listing on the
 * marketplace. Addresses from the API render only through safeImage/safeLink.
 */
export function ListingSummary({ listing, to }: { listing: Listing; to: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const { mode } = useSession();
  const image = safeImage(listing.thumbnail, mode === 'demo' ? 'demo' : 'live');
  const href = safeLink(listing.permalink);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
      <Box
        sx={{ width: 48, height: 48, flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
        aria-hidden={image ? undefined : true}
      >
        {image && <img src={image} alt="" width={48} height={48} loading="lazy" decoding="async" style={{ display: 'block' }} />}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={to}>
            {listing.title}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[
            listing.id,
            listing.seller_custom_field ? t`SKU ${listing.seller_custom_field}` : t`No SKU`,
            format.money(listing.price, listing.currency_id),
            t`${{ available: format.number(listing.available_quantity) }} available`,
            listing.status === 'active' ? null : listing.status,
          ]
            .filter(Boolean)
            .join(' · ')}
          {href && (
            <>
              {' · '}
              <Link href={href} target="_blank" rel="noopener noreferrer">
                {t`On the marketplace`}
              </Link>
            </>
          )}
        </Typography>
      </Box>
    </Box>
  );
}
