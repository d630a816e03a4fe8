import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { useId, useState } from 'react';

/**
 * A menu opened from the app bar (the account menu, demo mode's "See as"): the button's menu attributes and look,
 * and the menu's anchor, for MUI's Button and Menu.
 */
export function useBarMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return {
    close,
    open: (element: HTMLElement) => setAnchor(element),
    button: {
      color: 'inherit',
      'aria-haspopup': 'menu',
      'aria-expanded': anchor !== null,
      'aria-controls': anchor ? menuId : undefined,
      endIcon: <ArrowDropDown />,
      sx: { textTransform: 'none', minWidth: 0 },
    } as const,
    menu: { id: menuId, anchorEl: anchor, open: anchor !== null, onClose: close },
  };
}
