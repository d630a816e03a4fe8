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
import { useMessages } from '../../lib/i18n';
import { messages } from './messages';
import { quantityAt, type WriteOutcome } from './writes';

type Conflict = Extract<WriteOutcome, { kind: 'conflict' }>;

interface ConflictDialogProps {
  conflict: Conflict;
  onApplyMine: () => void;
  /** Also what closing the dialog does: the safe choice overwrites nothing. */
  onKeepTheirs: () => void;
}

/** A 409 side by side: where the edit started, the seller's value, and the fresh server value. */
export function ConflictDialog({ conflict, onApplyMine, onKeepTheirs }: ConflictDialogProps) {
  const t = useMessages(messages);
  const format = useFormat();
  const titleId = useId();
  const { edit, latest } = conflict;
  const columns = [
    { label: t('conflictStarted'), quantity: edit.base.quantity, version: edit.base.version },
    { label: t('conflictMine'), quantity: edit.value, version: null },
    { label: t('conflictLatest'), quantity: quantityAt(latest.stock, edit.target), version: latest.version },
  ];
  return (
    <Dialog open onClose={onKeepTheirs} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('conflictTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('conflictIntro', { version: latest.version })}</DialogContentText>
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
                  {t('conflictVersion', { version: column.version })}
                </Typography>
              )}
            </Paper>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeepTheirs}>{t('keepTheirs')}</Button>
        <Button variant="contained" onClick={onApplyMine}>
          {t('applyMine')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
