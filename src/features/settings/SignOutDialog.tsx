import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useId } from 'react';

interface SignOutDialogProps {
  /** Unsent answer drafts of the accounts signing out. */
  drafts: number;
  onClose: () => void;
  onSignOut: (keepDrafts: boolean) => void;
}

/**
 * Before signing out with unsent drafts on this device: keep them for the next sign-in (the default), or
 * delete them so the next person on the device finds nothing.
 */
export function SignOutDialog({ drafts, onClose, onSignOut }: SignOutDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t`Keep your unsent drafts?`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t`${plural(drafts, { one: 'You have # unsent answer draft on this device.', other: 'You have # unsent answer drafts on this device.' })} Keep them for your next sign-in, or delete them if someone else uses this device.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t`Cancel`}</Button>
        <Button color="error" onClick={() => onSignOut(false)}>
          {t`Delete drafts and sign out`}
        </Button>
        <Button variant="contained" autoFocus onClick={() => onSignOut(true)}>
          {t`Keep drafts and sign out`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
