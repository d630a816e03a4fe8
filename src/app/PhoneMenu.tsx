import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';
import { navWidth } from './nav';

interface PhoneMenuProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The navigation on phones: a modal drawer, downloaded when the menu is first opened. */
export function PhoneMenu({ open, onClose, children }: PhoneMenuProps) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      // It mounts already open on the first tap; it should slide in all the same.
      slotProps={{ transition: { appear: true } }}
      sx={{ '& .MuiDrawer-paper': { width: navWidth } }}
    >
      {children}
    </Drawer>
  );
}
