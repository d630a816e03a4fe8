import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useState, type FormEvent } from 'react';
import { creditLeadStatusFilters, financialEntities, type CreditLeadStatusFilter } from '../../api/credits';
import { DateRangeField } from '../../components/DateRangeField';
import { defaultRange, problemsByField, toSearchParams, type SearchUrlState } from './searchState';
import { useLingui } from '@lingui/react/macro';
import { problemLabels, statusLabels, entityLabels } from './labels';

interface SearchFormProps {
  applied: SearchUrlState;
  /** Called with a search that passed every rule; the page puts it in the URL (first page). */
  onSearch: (patch: Pick<SearchUrlState, 'from' | 'to' | 'status' | 'entity' | 'item'>) => void;
}

const knownEntity = (entity: string | undefined) => ((financialEntities as readonly string[]).includes(entity ?? '') ? entity! : '');

/**
 * The search form. It edits a draft of the URL's search; every rule of the spec is checked on submit
 * and a broken rule is shown at its field, with nothing sent. The page remounts it (key) when the URL
 * changes, so the draft always starts from what is applied.
 */
export function SearchForm({ applied, onSearch }: SearchFormProps) {
  const { t, i18n } = useLingui();
  const range = defaultRange();
  const [from, setFrom] = useState(applied.from ?? range.from);
  const [to, setTo] = useState(applied.to ?? range.to);
  const [status, setStatus] = useState<CreditLeadStatusFilter>(applied.status);
  const [entity, setEntity] = useState(knownEntity(applied.entity));
  const [item, setItem] = useState(applied.item ?? '');
  const [checked, setChecked] = useState(false);

  const draft = { ...applied, from, to, status, entity, item: item.trim(), offset: 0 };
  // seller_id is the page's concern; the rules of the form do not depend on it.
  const problems = checked ? problemsByField(toSearchParams(draft, 0)) : {};
  const refused = Object.keys(problems).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(problemsByField(toSearchParams(draft, 0))).length > 0) return;
    onSearch({ from, to, status, entity: entity || undefined, item: draft.item || undefined });
  };

  return (
    <Paper component="form" variant="outlined" aria-label={t`Search credit leads`} onSubmit={submit} noValidate sx={{ p: 2, mb: 2 }}>
      <Stack spacing={2}>
        <DateRangeField
          from={from}
          to={to}
          fromLabel={t`From`}
          toLabel={t`To`}
          error={problems.dates && i18n._(problemLabels[problems.dates])}
          onChange={(next) => {
            setFrom(next.from);
            setTo(next.to);
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t`Status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as CreditLeadStatusFilter)}
            sx={{ minWidth: 180 }}
          >
            {creditLeadStatusFilters.map((value) => (
              <MenuItem key={value} value={value}>
                {i18n._(statusLabels[value])}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t`Financing entity`}
            value={entity}
            onChange={(e) => setEntity(e.target.value)}
            error={Boolean(problems.entity)}
            helperText={problems.entity && i18n._(problemLabels[problems.entity])}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t`Any entity`}</MenuItem>
            {financialEntities.map((value) => (
              <MenuItem key={value} value={value}>
                {i18n._(entityLabels[value])}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t`Item id`}
            value={item}
            onChange={(e) => setItem(e.target.value)}
            error={Boolean(problems.item)}
            helperText={problems.item ? i18n._(problemLabels[problems.item]) : t`Optional, e.g. MLA1400000001`}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
            sx={{ minWidth: 220 }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ alignSelf: 'flex-start' }}>
            {t`Search`}
          </Button>
        </Stack>
        {refused && (
          <Alert severity="error" role="alert">
            {t`Nothing was sent: correct the search first.`}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
