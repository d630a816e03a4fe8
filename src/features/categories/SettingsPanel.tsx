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

type Row = [label: CategoriesKey, value: string];

/** Settings grouped the way a seller reads them; booleans as yes/no, empty lists and nulls as "none". */
export function SettingsPanel({ category }: { category: Category }) {
  const { t } = useLingui();
  const format = useFormat();
  const words = useValueWords();
  const s = category.settings;
  const yesNo = (value: boolean) => value ? t`Yes` : t`No`;
  const chars = (count: number) => t`${plural(count, { one: `# character`, other: `# characters` })}`;
  const money = (value: number | null) =>
    value === null ? t`None` : s.currencies[0] ? format.money(value, s.currencies[0]) : format.number(value);
  const groups: [CategoriesKey, Row[]][] = [
    [
      'groupLimits',
      [
        ['maxTitle', chars(s.max_title_length)],
        ['maxSubtitle', chars(s.max_sub_title_length)],
        ['maxDescription', chars(s.max_description_length)],
        ['maxPictures', format.number(s.max_pictures_per_item)],
      ],
    ],
    [
      'groupBuying',
      [
        ['buyingAllowed', yesNo(s.buying_allowed)],
        ['buyingModes', words.list(s.buying_modes)],
        ['immediatePayment', words.one(s.immediate_payment)],
        ['currencies', words.list(s.currencies)],
        ['price', words.one(s.price)],
        ['minimumPrice', money(s.minimum_price)],
        ['maximumPrice', money(s.maximum_price)],
        ['stock', words.one(s.stock)],
      ],
    ],
    [
      'groupShipping',
      [
        ['shippingModes', words.list(s.shipping_modes)],
        ['shippingOptions', words.list(s.shipping_options)],
        ['shippingProfile', words.one(s.shipping_profile)],
        ['simpleShipping', words.one(s.simple_shipping)],
        ['fragile', yesNo(s.fragile)],
      ],
    ],
    [
      'groupConditions',
      [
        ['itemConditions', words.list(s.item_conditions)],
        ['reviewsAllowed', yesNo(s.items_reviews_allowed)],
      ],
    ],
    [
      'groupRestrictions',
      [
        ['restrictions', words.list(s.restrictions)],
        ['adultContent', yesNo(s.adult_content)],
        ['sellerContact', words.one(s.seller_contact)],
        ['showContact', yesNo(s.show_contact_information)],
        ['coverageAreas', words.one(s.coverage_areas)],
        ['roundedAddress', yesNo(s.rounded_address)],
      ],
    ],
    [
      'groupFlags',
      [
        ['listingAllowed', yesNo(s.listing_allowed)],
        // Tags are identifiers, not words: shown as they come.
        ['tags', s.tags.join(', ') || t`None`],
        ['vipSubdomain', s.vip_subdomain || t`None`],
        ['mirrorCategory', s.mirror_category ?? t`None`],
        ['catalogDomain', s.catalog_domain ?? t`None`],
        ['attributeTypes', category.attribute_types],
        ['attributable', yesNo(category.attributable)],
      ],
    ],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      {groups.map(([title, rows]) => (
        <Paper key={title} component="section" variant="outlined" aria-labelledby={`settings-${title}`} sx={{ minWidth: 0 }}>
          <Typography id={`settings-${title}`} variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
            {t(title)}
          </Typography>
          <Table size="small" aria-labelledby={`settings-${title}`}>
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ width: '50%', color: 'text.secondary' }}>
                    {t(label)}
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
