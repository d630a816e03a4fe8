import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { itemIdPattern } from '../../api/items';
import { questionStatuses, type QuestionStatus, type SearchResult } from '../../api/questions';
import type { InboxUrl } from './inboxUrl';
import { useLingui } from '@lingui/react/macro';
import { useFormat } from '../../lib/format';
import chipStyles from '../../components/Chip.module.css';
import { RowForm } from '../../components/RowForm';
import { useStatusLabel } from './StatusChip';

interface InboxFiltersProps {
  url: InboxUrl;
  update: (patch: Partial<InboxUrl>) => void;
  /** The polled head of the view: its status facet gives the chip counts. */
  head: SearchResult | undefined;
}

interface StatusChipsProps extends InboxFiltersProps {
  /** The head is still loading: placeholders hold the row until the counts are known. */
  loading: boolean;
}

/**
 * Status chips with counts (from the search's status facet), in one row that scrolls sideways: its height never
 * changes, and the chips appear with their counts, so nothing below them moves. Plain buttons styled as MUI's
 * chips: they render again whenever the counts are polled.
 */
export function StatusChips({ url, update, head, loading }: StatusChipsProps) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const format = useFormat();
  const values = head?.available_filters.find((filter) => filter.id === 'status')?.values ?? [];
  const counts = new Map(values.map((value) => [value.id, value.count]));
  const all =
    values.every((value) => value.count !== undefined) && values.length > 0
      ? values.reduce((sum, value) => sum + (value.count ?? 0), 0)
      : undefined;
  const chip = (status: QuestionStatus | undefined, label: string) => {
    const active = url.status === status;
    return (
      <button
        key={status ?? 'all'}
        type="button"
        className={`${chipStyles.chip} ${chipStyles.action} ${active ? chipStyles.primary : chipStyles.outlined}`}
        aria-pressed={active}
        onClick={() => update({ status })}
      >
        {label}
      </button>
    );
  };
  return (
    <Box
      role="group"
      aria-label={t`Status`}
      aria-busy={loading}
      sx={{ display: 'flex', gap: 1, height: 40, overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }}
    >
      {loading
        ? [undefined, ...questionStatuses].map((status) => (
            <Skeleton key={status ?? 'all'} variant="rounded" width={110} height={32} sx={{ flex: 'none', borderRadius: 4 }} />
          ))
        : [
            chip(undefined, t`All ${{ count: all === undefined ? '' : format.number(all) }}`.trim()),
            ...questionStatuses.map((status) => {
              const count = counts.get(status);
              return chip(
                status,
                count === undefined ? statusLabel(status) : t`${{ label: statusLabel(status) }} ${{ count: format.number(count) }}`,
              );
            }),
          ]}
    </Box>
  );
}

export function FilterForm({ url, update }: Omit<InboxFiltersProps, 'head'>) {
  const { t } = useLingui();
  const [item, setItem] = useState(url.item ?? '');
  const [from, setFrom] = useState(url.from === undefined ? '' : String(url.from));
  const [tried, setTried] = useState(false);
  const itemTrimmed = item.trim().toUpperCase();
  const itemError = itemTrimmed !== '' && !itemIdPattern.test(itemTrimmed);
  const fromError = from.trim() !== '' && !/^\d+$/.test(from.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (itemError || fromError) return;
    update({ item: itemTrimmed || undefined, from: itemTrimmed && from.trim() ? Number(from.trim()) : undefined });
  };
  return (
    <RowForm onSubmit={submit} spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
      <TextField
        size="small"
        label={t`Item ID`}
        value={item}
        onChange={(e) => setItem(e.target.value)}
        error={tried && itemError}
        helperText={tried && itemError ? t`An item ID is the site followed by digits, e.g. MLA1400000001.` : t`e.g. MLA1400000001`}
        sx={{ minWidth: 180 }}
      />
      <TextField
        size="small"
        label={t`Asker ID`}
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        disabled={!itemTrimmed}
        error={tried && fromError}
        helperText={
          tried && fromError ? t`An asker ID is a whole number.` : t`Needs an item: the API filters by asker only within an item.`
        }
        // The hint explains why the field is disabled, so it keeps a readable colour.
        slotProps={{ htmlInput: { inputMode: 'numeric' }, formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
        sx={{ minWidth: 180, maxWidth: { sm: 260 } }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Button type="submit" variant="outlined">
          {t`Apply`}
        </Button>
        <Button
          onClick={() => {
            setItem('');
            setFrom('');
            setTried(false);
            update({ item: undefined, from: undefined, status: undefined });
          }}
        >
          {t`Clear filters`}
        </Button>
      </Box>
    </RowForm>
  );
}

export function SortFields({ url, update }: Omit<InboxFiltersProps, 'head'>) {
  const { t } = useLingui();
  return (
    <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
      <TextField
        select
        size="small"
        label={t`Sort by`}
        value={url.sort}
        onChange={(e) => update({ sort: e.target.value as InboxUrl['sort'] })}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="date">{t`Date`}</MenuItem>
        <MenuItem value="due">{t`Due time`}</MenuItem>
        <MenuItem value="item">{t`Item`}</MenuItem>
        <MenuItem value="asker">{t({ message: `Asker`, context: 'sort by' })}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t`Order`}
        value={url.order}
        onChange={(e) => update({ order: e.target.value as InboxUrl['order'] })}
        sx={{ minWidth: 200, maxWidth: '100%' }}
      >
        <MenuItem value="desc">{t`Descending (newest first)`}</MenuItem>
        <MenuItem value="asc">{t`Ascending (oldest first)`}</MenuItem>
      </TextField>
    </Stack>
  );
}
