import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { discoveryLimits, type DomainDiscovery } from '../../api/categories';
import { RowForm } from '../../components/RowForm';
import { DataState } from '../../components/DataState';
import { Section } from '../../components/Section';
import { urls } from '../../lib/urls';
import { usePrefetchCategory } from './CategoryLink';
import { discoveryQuery } from './queries';
import { useLingui } from '@lingui/react/macro';
import { useFormat } from '../../lib/format';

function Suggestion({ site, suggestion }: { site: string; suggestion: DomainDiscovery }) {
  const { t } = useLingui();
  const prefetch = usePrefetchCategory(suggestion.category_id);
  const attributes = suggestion.attributes.map((a) => `${a.name ?? a.id}: ${a.value_name}`).join(' · ');
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={urls.categories.detail(site, suggestion.category_id)} {...prefetch} sx={{ borderRadius: 1 }}>
        <ListItemText
          primary={suggestion.category_name}
          secondary={
            <>
              {t`Domain: ${{ domain: suggestion.domain_name }}`}
              {attributes && (
                <>
                  <br />
                  {t`Predicted attributes`}: {attributes}
                </>
              )}
            </>
          }
          slotProps={{ secondary: { color: 'text.secondary' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

interface PredictorProps {
  site: string;
  /** The submitted title (from the URL); empty until the seller asks. */
  q: string;
  onSearch: (q: string) => void;
}

/** Category predictor: a product title → suggested domains and leaf categories; one click opens one. */
export function Predictor({ site, q, onSearch }: PredictorProps) {
  const { t } = useLingui();
  const format = useFormat();
  const [draft, setDraft] = useState(q);
  const [error, setError] = useState('');
  const query = useQuery({ ...discoveryQuery(site, q), enabled: q !== '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const title = draft.trim();
    if (!title) return setError(t`Type a title first.`);
    if (title.length > discoveryLimits.maxQueryLength)
      return setError(t`Use at most ${{ max: format.number(discoveryLimits.maxQueryLength) }} characters.`);
    setError('');
    onSearch(title);
  };
  return (
    <Section title={t`Find a category for a title`}>
      <RowForm onSubmit={submit} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t`Product title`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={Boolean(error)}
          helperText={error || t`Type the title of what you sell, e.g. "Smartphone Samsung Galaxy A15 128 GB".`}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: discoveryLimits.maxQueryLength + 1 } }}
        />
        <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
          {t`Suggest categories`}
        </Button>
      </RowForm>
      {q && (
        <DataState
          query={query}
          isEmpty={(list) => list.length === 0}
          empty={
            <Alert severity="info" role="status" sx={{ mt: 2 }}>
              {t`No category matches "${q}". Try other words.`}
            </Alert>
          }
        >
          {(suggestions) => (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {t`Suggested categories for "${q}"`}
              </Typography>
              <List dense aria-label={t`Suggested categories for "${q}"`}>
                {suggestions.map((suggestion) => (
                  <Suggestion key={suggestion.domain_id} site={site} suggestion={suggestion} />
                ))}
              </List>
            </>
          )}
        </DataState>
      )}
    </Section>
  );
}
