import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { useLocale } from '../lib/i18n';
import type { DateRangeFieldProps } from './DateRangeField';

// dayjs's Spanish (month and day names) serves both registers: they differ in how they address the seller.
const adapterLocale = { en: 'en', 'es-AR': 'es', 'es-419': 'es', 'pt-BR': 'pt-br' } as const;

/**
 * Two MUI X date pickers in the active locale, the first focused: DateRangeField loads this module only
 * when the seller opens the range, since mounting the pickers is the costliest part of a form's render.
 */
export default function DateRangePickers({ from, to, onChange, fromLabel, toLabel, error }: DateRangeFieldProps) {
  const { locale } = useLocale();
  const toValue = (value: dayjs.Dayjs | null) => (value && value.isValid() ? value.format('YYYY-MM-DD') : '');
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale[locale]}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DatePicker
          label={fromLabel}
          value={from ? dayjs(from) : null}
          onChange={(value) => onChange({ from: toValue(value), to })}
          autoFocus
          slotProps={{ textField: { error: Boolean(error), size: 'small' } }}
        />
        <DatePicker
          label={toLabel}
          value={to ? dayjs(to) : null}
          onChange={(value) => onChange({ from, to: toValue(value) })}
          slotProps={{ textField: { error: Boolean(error), helperText: error, size: 'small' } }}
        />
      </Stack>
    </LocalizationProvider>
  );
}
