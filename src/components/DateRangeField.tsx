import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import CalendarMonth from '@mui/icons-material/CalendarMonthOutlined';
import { lazy, Suspense, useId, useState } from 'react';
import { useFormat } from '../lib/format';

export interface DateRangeFieldProps {
  /** Dates as YYYY-MM-DD (the form the URL and the API use). */
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  fromLabel: string;
  toLabel: string;
  /** A message under the range (e.g. why it is refused). */
  error?: string;
}

const loadPickers = () => import('./DateRangePickers');
const DateRangePickers = lazy(loadPickers);

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date range. It shows as one button that says the range; the MUI X pickers (costly to load and to
 * mount) replace it when the seller opens it. Validation of the range is the caller's (per spec).
 */
export function DateRangeField(props: DateRangeFieldProps) {
  const [open, setOpen] = useState(false);
  const format = useFormat();
  const errorId = useId();
  const { from, to, fromLabel, toLabel, error } = props;
  // A calendar day, not an instant: read in local time so no time zone moves it to another day.
  const show = (value: string) => {
    if (!value) return '—';
    const [year, month, day] = (isoDate.exec(value) ?? []).slice(1).map(Number);
    const date = new Date(year!, month! - 1, day);
    // Not a real day (e.g. 2026-02-30 from a pasted link): shown as written, as the refusal names it.
    return date.getDate() === day && date.getMonth() === month! - 1 ? format.date(date) : value;
  };
  const summary = (
    <Stack sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color={error ? 'error' : 'primary'}
        startIcon={<CalendarMonth />}
        aria-describedby={error ? errorId : undefined}
        // Loading starts as soon as the seller comes near, so the pickers are usually ready by the click.
        onPointerEnter={() => void loadPickers()}
        onFocus={() => void loadPickers()}
        onClick={() => setOpen(true)}
        sx={{ textTransform: 'none', justifyContent: 'flex-start', textAlign: 'start' }}
      >
        {`${fromLabel}: ${show(from)} · ${toLabel}: ${show(to)}`}
      </Button>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
  if (!open) return summary;
  return (
    <Suspense fallback={summary}>
      <DateRangePickers {...props} />
    </Suspense>
  );
}
