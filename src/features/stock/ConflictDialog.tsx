import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFormat } from '../../lib/format';
import { quantityAt, type WriteOutcome } from './writes';
import { useLingui } from '@lingui/react/macro';

type Conflict = Extract<WriteOutcome, { kind: 'conflict' }>;

interface ConflictDialogProps {
  conflict: Conflict;
  onApplyMine: () => void;
  /** Also what closing the dialog does: the safe choice overwrites nothing. */
  onKeepTheirs: () => void;
}

/** A 409 side by side: where the edit started, the seller's value, and the fresh server value. */
export function ConflictDialog({ conflict, onApplyMine, onKeepTheirs }: ConflictDialogProps) {
  const { t } = useLingui();
  const format = useFormat();
  const titleId = useId();
  const { edit, latest } = conflict;
  const columns = [
    { label: t`You started from`, quantity: edit.base.quantity, version: edit.base.version },
    { label: t`Your value`, quantity: edit.value, version: null },
    { label: t`Latest on the server`, quantity: quantityAt(latest.stock, edit.target), version: latest.version },
  ];
  return (
    <Dialog open onClose={onKeepTheirs} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t`Someone else changed this stock`}</DialogTitle>
      <DialogContent>
        <DialogContentText
          sx={{ mb: 2 }}
        >{t`While you were editing, another change was saved (now version ${{ version: format.number(BigInt(latest.version)) }}). Nothing was overwritten: choose which value stays.`}</DialogContentText>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1, m: 0 }}>
          {columns.map((column) => (
            <Paper key={column.label} variant="outlined" sx={{ p: 1.5 }} data-testid="conflict-value">
              <Typography component="dt" variant="body2" color="text.secondary">
                {column.label}
              </Typography>
              <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
                {format.number(column.quantity)}
              </Typography>
              {column.version !== null && (
                <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
                  {t`version ${{ version: format.number(BigInt(column.version)) }}`}
                </Typography>
              )}
            </Paper>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeepTheirs}>{t`Keep theirs`}</Button>
        <Button variant="contained" onClick={onApplyMine}>
          {t`Apply mine on the latest version`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
