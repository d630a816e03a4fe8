import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { parseThreshold } from '../../core/lowStock.ts';

/** What the form says, in the words of the feature showing it (its own catalog). */
export interface ThresholdWords {
  label: string;
  /** Under the field while it is valid: what the figure means (empty for none). */
  help: string;
  /** Under the field when the text is not a whole number from 0 (nothing is sent then). */
  invalid: string;
  save: string;
}

/**
 * A low-stock threshold's field and its Save (core/lowStock.ts's rule): a whole number from 0, or empty for
 * none; a bad figure is said under the field and nothing is sent.
 */
export function ThresholdForm({
  current,
  words,
  pending,
  onSave,
}: {
  current: number | null;
  words: ThresholdWords;
  pending: boolean;
  onSave: (threshold: number | null) => void;
}) {
  const [text, setText] = useState(current === null ? '' : String(current));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = parseThreshold(text);
    setInvalid('problem' in read);
    if (!('problem' in read)) onSave(read.threshold);
  };
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1.5}
      onSubmit={submit}
      noValidate
      sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
    >
      <TextField
        label={words.label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={invalid}
        helperText={invalid ? words.invalid : words.help}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 280 }}
      />
      <Button type="submit" variant="outlined" disabled={pending} sx={{ mt: 1 }}>
        {words.save}
      </Button>
    </Stack>
  );
}
