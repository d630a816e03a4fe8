import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const shortcuts = [
  ['j', msg`Next question`],
  ['k', msg`Previous question`],
  ['Enter', msg`Open the selected question`],
  ['r', msg`Write the answer`],
  ['Esc', msg`Close the question; in the answer queue, back to the inbox`],
  ['?', msg`Show this list`],
  ['Ctrl/⌘ + Enter', msg`Send the answer`],
  ['Alt + 1…9', msg`Insert answer template 1–9`],
  ['Alt + ↓ / ↑', msg`Answer queue: next or previous suggestion`],
  ['Alt + I', msg`Answer queue: insert the suggestion into the answer, to edit it`],
  ['Alt + S', msg`Answer queue: skip the question`],
] as const satisfies readonly (readonly [string, MessageDescriptor])[];

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title">
      <DialogTitle id="shortcuts-title">{t`Keyboard shortcuts`}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          {shortcuts.map(([key, label]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Box component="dt">
                <kbd>{key}</kbd>
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {i18n._(label)}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t`Close`}</Button>
      </DialogActions>
    </Dialog>
  );
}
