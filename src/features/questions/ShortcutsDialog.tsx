import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';

const shortcuts = [
  ['j', 'keyJ'],
  ['k', 'keyK'],
  ['Enter', 'keyEnter'],
  ['r', 'keyR'],
  ['Esc', 'keyEsc'],
  ['?', 'keyHelp'],
  ['Ctrl/⌘ + Enter', 'keyCtrlEnter'],
  ['Alt + 1…9', 'keyAltDigit'],
] as const;

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
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
                {t(label)}
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
