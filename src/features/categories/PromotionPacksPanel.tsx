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
import { listingTypesQuery, promotionPacksQuery } from './queries';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

/** Classified promotion packs of the category (vehicles, real estate); other categories have none. */
export function PromotionPacksPanel({ category }: { category: Category }) {
  const { t } = useLingui();
  const format = useFormat();
  const packs = useQuery(promotionPacksQuery(category.id));
  const types = useQuery(listingTypesQuery(siteOf(category.id)));
  const typeName = (id: string) => types.data?.find((type) => type.id === id)?.name ?? id;
  return (
    <DataState
      query={packs}
      isEmpty={(list) => list.length === 0}
      empty={
        <Typography>{t`This category sells no promotion packs: only classified categories (vehicles, real estate) have them.`}</Typography>
      }
    >
      {(list) => (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" sx={{ minWidth: 640 }}>
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>{t`Promotion packs of ${{ name: category.name }}`}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t`Pack`}</TableCell>
                <TableCell>{t`Listing type`}</TableCell>
                <TableCell align="right">{t`Listings`}</TableCell>
                <TableCell align="right">{t`Duration`}</TableCell>
                <TableCell align="right">{t`Price`}</TableCell>
                <TableCell>{t`Status`}</TableCell>
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
                  <TableCell align="right">{t`${plural({ count: pack.duration_days }, { one: `# day`, other: `# days` })}`}</TableCell>
                  <TableCell align="right">{format.money(pack.price, pack.currency_id)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={pack.status === 'active' ? t`Active` : t`Inactive`}
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
