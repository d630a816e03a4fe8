import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import type { StockRead } from '../../api/stock';
import { parseQuantity, type QuantityProblem } from '../../../core/stockQuantity.ts';
import { targetName } from './explain';
import { quantityAt, type EditTarget, type StockEdit } from './writes';
import { useLingui } from '@lingui/react/macro';
import { useFormat } from '../../lib/format';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const problemLabels = {
  required: msg`Enter a quantity.`,
  negative: msg`The quantity cannot be negative.`,
  decimal: msg`Use a whole number: stock has no fractions.`,
  notNumber: msg`Use digits only (0, 1, 2 …).`,
  tooLarge: msg`That number is too large.`,
} satisfies Record<QuantityProblem, MessageDescriptor>;

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
  const { t, i18n } = useLingui();
  const format = useFormat();
  const titleId = useId();
  const [base] = useState(() => ({ version: read.version, quantity: quantityAt(read.stock, target) }));
  const [text, setText] = useState(String(base.quantity));
  const [problem, setProblem] = useState<QuantityProblem | null>(null);
  const location = targetName(target, i18n);
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
          <DialogContentText
            sx={{ mb: 2 }}
          >{t`You start from ${{ quantity: format.number(base.quantity) }}, read at version ${{ version: format.number(BigInt(base.version)) }}.`}</DialogContentText>
          {/* `read` follows the page's query, which live updates refresh: say so before the seller saves, not only on a 409. */}
          {read.version !== base.version && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t`Changed since you opened it: ${location} is ${{ current: format.number(quantityAt(read.stock, target)) }} now (version ${{ version: format.number(BigInt(read.version)) }}).`}
            </Alert>
          )}
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
            helperText={problem ? i18n._(problemLabels[problem]) : ' '}
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
