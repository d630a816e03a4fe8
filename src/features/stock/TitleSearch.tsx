import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { RowForm } from '../../components/RowForm';
import { useLingui } from '@lingui/react/macro';

/** The catalog lists' title search: the submitted words go to the page's URL (`q`), empty clears it. */
export function TitleSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <RowForm onSubmit={submit} sx={{ mb: 2 }}>
      <TextField
        type="search"
        label={t`Search by title`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        size="small"
        sx={{ width: { xs: '100%', sm: 360 } }}
      />
      <Button type="submit" variant="outlined">
        {t`Search`}
      </Button>
    </RowForm>
  );
}
