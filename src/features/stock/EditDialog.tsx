import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { parseQuantity, type QuantityProblem, type StockRead } from '../../api/stock';
import { targetName } from './explain';
import { quantityAt, type EditTarget, type StockEdit } from './writes';
import { useLingui } from '@lingui/react/macro';

const problemKeys = {
  required: 'problemRequired',
  negative: 'problemNegative',
  decimal: 'problemDecimal',
  notNumber: 'problemNotNumber',
  tooLarge: 'problemTooLarge',
} as const satisfies Record<QuantityProblem, string>;

interface EditDialogProps {
  userProductId: string;
  target: EditTarget;
  /** The read on screen when the dialog opened: the edit starts from it, whatever refreshes later. */
  read: StockRead;
  onCancel: () => void;
  onSubmit: (edit: StockEdit) => void;
}

/** One quantity, validated before anything is sent; mounted only while open so its base is the read at opening. */
export function EditDialog({ userProductId, target, read, onCancel, onSubmit }: EditDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const [base] = useState(() => ({ version: read.version, quantity: quantityAt(read.stock, target) }));
  const [text, setText] = useState(String(base.quantity));
  const [problem, setProblem] = useState<QuantityProblem | null>(null);
  const location = targetName(target, t);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseQuantity(text);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    onSubmit({ userProductId, target, base, value: parsed.quantity });
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t`Edit the quantity of ${location}`}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t`You start from ${{ quantity: format.number(base.quantity) }}, read at version ${{ version: format.number(base.version) }}.`}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t`New quantity`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ? t(problemKeys[problem]) : ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t`Cancel`}</Button>
          <Button type="submit" variant="contained">
            {t`Save`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
