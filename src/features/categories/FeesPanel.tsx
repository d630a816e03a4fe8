import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { listingPriceLimits, siteOf, validateListingPrice, type Category, type ListingPrice } from '../../api/categories';
import { RowForm } from '../../components/RowForm';
import { DataState } from '../../components/DataState';
import { useFormat } from '../../lib/format';
import { listingPricesQuery, listingTypesQuery, sitesQuery } from './queries';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const exposureLabels: Partial<Record<string, MessageDescriptor>> = {
  highest: msg`Highest`,
  high: msg`High`,
  mid: msg`Medium`,
  low: msg`Low`,
  lowest: msg`Lowest`,
};

function FeesTable({ price, fees }: { price: number; fees: ListingPrice[] }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const exposure = (value: string) => {
    const label = exposureLabels[value];
    return label ? i18n._(label) : value;
  };
  const currency = fees[0]?.currency_id;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" sx={{ minWidth: 560 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          {t`Fees for a price of ${{ price: currency ? format.money(price, currency) : format.number(price) }}`}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t`Listing type`}</TableCell>
            <TableCell>{t`Exposure`}</TableCell>
            <TableCell align="right">{t`Sale fee`}</TableCell>
            <TableCell align="right">{t`Listing fee`}</TableCell>
            <TableCell align="right">{t`You receive`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fees.map((fee) => (
            <TableRow key={fee.listing_type_id}>
              <TableCell component="th" scope="row">
                {fee.listing_type_name}
              </TableCell>
              <TableCell>{exposure(fee.listing_exposure)}</TableCell>
              <TableCell align="right">{format.money(fee.sale_fee_amount, fee.currency_id)}</TableCell>
              <TableCell align="right">{format.money(fee.listing_fee_amount, fee.currency_id)}</TableCell>
              <TableCell align="right">{format.money(price - fee.sale_fee_amount - fee.listing_fee_amount, fee.currency_id)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface FeesPanelProps {
  category: Category;
  /** The price to price, from the URL; absent until the seller asks. */
  price: number | undefined;
  onPrice: (price: number) => void;
}

/** Listing types of the site and a calculator: a price → GET listing_prices → fees per type in the site currency. */
export function FeesPanel({ category, price, onPrice }: FeesPanelProps) {
  const { t } = useLingui();
  const format = useFormat();
  const site = siteOf(category.id);
  const sites = useQuery(sitesQuery);
  const types = useQuery(listingTypesQuery(site));
  const fees = useQuery({ ...listingPricesQuery(site, price ?? 0), enabled: price !== undefined });
  const [draft, setDraft] = useState(price === undefined ? '' : String(price));
  const [error, setError] = useState('');
  const currency = sites.data?.find((s) => s.id === site)?.default_currency_id ?? category.settings.currencies[0] ?? '';
  const money = (value: number) => (currency ? format.money(value, currency) : format.number(value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateListingPrice(draft);
    if (!checked.ok) {
      const reasons = {
        required: t`Enter a price.`,
        number: t`Enter a number, e.g. 1500 or 1500.50.`,
        decimals: t`Use at most two decimals.`,
      } as const;
      return setError(
        checked.reason === 'range'
          ? t`Enter a price between ${{ min: money(listingPriceLimits.min) }} and ${{ max: money(listingPriceLimits.max) }}.`
          : reasons[checked.reason],
      );
    }
    setError('');
    onPrice(checked.price);
  };

  const { minimum_price: min, maximum_price: max } = category.settings;
  return (
    <Stack spacing={2}>
      <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="listing-types-heading">
        <Typography id="listing-types-heading" variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
          {t`Listing types of ${site}`}
        </Typography>
        <DataState query={types}>
          {(list) => (
            <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
              {list.map((type) => (
                <li key={type.id}>
                  <Chip label={`${type.name} (${type.id})`} variant="outlined" />
                </li>
              ))}
            </Box>
          )}
        </DataState>
      </Paper>
      <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="calculator-heading">
        <Typography id="calculator-heading" variant="subtitle1" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
          {t`Fee calculator`}
        </Typography>
        <RowForm onSubmit={submit} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t`Price (${currency})`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            error={Boolean(error)}
            helperText={error || t`Enter a price to see the fees of each listing type in ${currency}.`}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            sx={{ width: 320, maxWidth: '100%' }}
          />
          <Button type="submit" variant="contained">
            {t`Calculate fees`}
          </Button>
        </RowForm>
        {price !== undefined && min !== null && price < min && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t`This price is below the category minimum (${{ min: money(min) }}): the listing would be refused.`}
          </Alert>
        )}
        {price !== undefined && max !== null && price > max && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t`This price is above the category maximum (${{ max: money(max) }}): the listing would be refused.`}
          </Alert>
        )}
        {price !== undefined && <DataState query={fees}>{(list) => <FeesTable price={price} fees={list} />}</DataState>}
      </Paper>
    </Stack>
  );
}
