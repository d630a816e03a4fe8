import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { siteOf, type Category } from '../../api/categories';
import { DataState } from '../../components/DataState';
import { useFormat } from '../../lib/format';
import { useMessages } from '../../lib/i18n';
import { messages } from './messages';
import { listingTypesQuery, promotionPacksQuery } from './queries';

/** Classified promotion packs of the category (vehicles, real estate); other categories have none. */
export function PromotionPacksPanel({ category }: { category: Category }) {
  const t = useMessages(messages);
  const format = useFormat();
  const packs = useQuery(promotionPacksQuery(category.id));
  const types = useQuery(listingTypesQuery(siteOf(category.id)));
  const typeName = (id: string) => types.data?.find((type) => type.id === id)?.name ?? id;
  return (
    <DataState query={packs} isEmpty={(list) => list.length === 0} empty={<Typography>{t('packsEmpty')}</Typography>}>
      {(list) => (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" sx={{ minWidth: 640 }}>
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>{t('packsCaption', { name: category.name })}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('colPack')}</TableCell>
                <TableCell>{t('colListingType')}</TableCell>
                <TableCell align="right">{t('colListings')}</TableCell>
                <TableCell align="right">{t('colDuration')}</TableCell>
                <TableCell align="right">{t('colPrice')}</TableCell>
                <TableCell>{t('colStatus')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((pack) => (
                <TableRow key={pack.id}>
                  <TableCell component="th" scope="row">
                    {pack.description}
                  </TableCell>
                  <TableCell>{typeName(pack.listing_type_id)}</TableCell>
                  <TableCell align="right">{format.number(pack.listing_quantity)}</TableCell>
                  <TableCell align="right">{t('days', { count: pack.duration_days })}</TableCell>
                  <TableCell align="right">{format.money(pack.price, pack.currency_id)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t(pack.status === 'active' ? 'status_active' : 'status_inactive')}
                      color={pack.status === 'active' ? 'success' : 'default'}
                      variant="outlined"
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </DataState>
  );
}
