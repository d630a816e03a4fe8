import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Category } from '../../api/categories';
import { useFormat } from '../../lib/format';
import { useValueWords } from './words';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

type Row = [label: string, value: string];

/** Settings grouped the way a seller reads them; booleans as yes/no, empty lists and nulls as "none". */
export function SettingsPanel({ category }: { category: Category }) {
  const { t } = useLingui();
  const format = useFormat();
  const words = useValueWords();
  const s = category.settings;
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  const chars = (count: number) => t`${plural(count, { one: `# character`, other: `# characters` })}`;
  const money = (value: number | null) =>
    value === null ? t`None` : s.currencies[0] ? format.money(value, s.currencies[0]) : format.number(value);
  const groups: [id: string, title: string, rows: Row[]][] = [
    [
      'groupLimits',
      t`Listing limits`,
      [
        [t`Maximum title length`, chars(s.max_title_length)],
        [t`Maximum subtitle length`, chars(s.max_sub_title_length)],
        [t`Maximum description length`, chars(s.max_description_length)],
        [t`Maximum pictures per item`, format.number(s.max_pictures_per_item)],
      ],
    ],
    [
      'groupBuying',
      t`Buying`,
      [
        [t`Buying allowed`, yesNo(s.buying_allowed)],
        [t`Buying modes`, words.list(s.buying_modes)],
        [t`Immediate payment`, words.one(s.immediate_payment)],
        [t`Currencies`, words.list(s.currencies)],
        [t`Price`, words.one(s.price)],
        [t`Minimum price`, money(s.minimum_price)],
        [t`Maximum price`, money(s.maximum_price)],
        [t`Stock`, words.one(s.stock)],
      ],
    ],
    [
      'groupShipping',
      t`Shipping`,
      [
        [t`Shipping modes`, words.list(s.shipping_modes)],
        [t`Shipping options`, words.list(s.shipping_options)],
        [t`Shipping profile`, words.one(s.shipping_profile)],
        [t`Simple shipping`, words.one(s.simple_shipping)],
        [t`Fragile`, yesNo(s.fragile)],
      ],
    ],
    [
      'groupConditions',
      t`Conditions`,
      [
        [t`Item conditions`, words.list(s.item_conditions)],
        [t`Item reviews allowed`, yesNo(s.items_reviews_allowed)],
      ],
    ],
    [
      'groupRestrictions',
      t`Restrictions and contact`,
      [
        [t`Restrictions`, words.list(s.restrictions)],
        [t`Adult content`, yesNo(s.adult_content)],
        [t`Seller contact`, words.one(s.seller_contact)],
        [t`Show contact information`, yesNo(s.show_contact_information)],
        [t`Coverage areas`, words.one(s.coverage_areas)],
        [t`Rounded address`, yesNo(s.rounded_address)],
      ],
    ],
    [
      'groupFlags',
      t`Flags`,
      [
        [t`Listing allowed`, yesNo(s.listing_allowed)],
        // Tags are identifiers, not words: shown as they come.
        [t`Tags`, s.tags.join(', ') || t`None`],
        [t`Item page subdomain`, s.vip_subdomain || t`None`],
        [t`Mirror category`, s.mirror_category ?? t`None`],
        [t`Catalog domain`, s.catalog_domain ?? t`None`],
        [t`Attribute types`, category.attribute_types],
        [t`Attributable`, yesNo(category.attributable)],
      ],
    ],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      {groups.map(([id, title, rows]) => (
        <Paper key={id} component="section" variant="outlined" aria-labelledby={`settings-${id}`} sx={{ minWidth: 0 }}>
          <Typography id={`settings-${id}`} variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
            {title}
          </Typography>
          <Table size="small" aria-labelledby={`settings-${id}`}>
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ width: '50%', color: 'text.secondary' }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ))}
    </Box>
  );
}
