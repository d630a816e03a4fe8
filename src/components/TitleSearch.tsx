import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { RowForm } from './RowForm';

interface TitleSearchProps {
  q: string;
  onSearch: (q: string) => void;
  /** The words come from the area that shows the search, so they stay in its catalog, out of the first paint. */
  label: string;
  submitLabel: string;
}

/** The catalog lists' title search: the submitted words go to the page's URL (`q`), empty clears it. */
export function TitleSearch({ q, onSearch, label, submitLabel }: TitleSearchProps) {
  const [draft, setDraft] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <RowForm onSubmit={submit} sx={{ mb: 2 }}>
      <TextField
        type="search"
        label={label}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        size="small"
        sx={{ width: { xs: '100%', sm: 360 } }}
      />
      <Button type="submit" variant="outlined">
        {submitLabel}
      </Button>
    </RowForm>
  );
}
