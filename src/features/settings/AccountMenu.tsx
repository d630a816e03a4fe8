import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Check from '@mui/icons-material/Check';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isRole } from '../../../core/roles.ts';
import { signInUrl } from '../../api/session';
import { countDrafts, deleteDrafts } from '../../lib/drafts';
import { roleNames } from '../../lib/permissions';
import { dismissRemoval, refreshServerSession, useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { urls } from '../../lib/urls';
import { useAccountActions } from './accounts';
import { useBarMenu } from './barMenu';
import { SignOutDialog } from './SignOutDialog';
import styles from './AccountMenu.module.css';

/**
 * The app bar's account menu (live mode): the person, the active account's nickname, their accounts with their
 * role on each and the others' unread activity (asked again on each opening, since only the active account's
 * stream is open), add, sign out (asking first whether to keep unsent drafts on this device).
 */
export function AccountMenu() {
  const { t, i18n } = useLingui();
  const { server, removedFrom } = useSession();
  const { switchTo, signOut } = useAccountActions();
  // Removed from the account that was open (its stream ended): the app went on with another of the person's.
  useEffect(() => {
    if (removedFrom === null) return;
    showToast(t`You are no longer a member of ${removedFrom}.`, 'warning');
    dismissRemoval();
  }, [removedFrom, t]);
  const { pathname, search } = useLocation();
  const bar = useBarMenu();
  // The unsent drafts signing out would leave on this device; the seller is asked about them first.
  const [drafts, setDrafts] = useState(0);
  if (!server) return null;
  const accountIds = server.accounts.map((account) => account.id);
  const leave = (keepDrafts: boolean) => {
    setDrafts(0);
    if (!keepDrafts) deleteDrafts(accountIds);
    signOut.mutate();
  };
  const active = server.accounts.find((account) => account.active);
  const nickname = active?.nickname ?? '';
  const { close } = bar;
  const unreadElsewhere = server.accounts.reduce((sum, account) => sum + (account.active ? 0 : account.unread), 0);
  const unreadLabel = (count: number) => t`${plural(count, { one: `# unread`, other: `# unread` })}`;
  const describe = (account: (typeof server.accounts)[number]) =>
    [
      account.site_id,
      isRole(account.role) ? i18n._(roleNames[account.role]) : account.role,
      !account.active && account.unread > 0 ? unreadLabel(account.unread) : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <>
      <Button
        {...bar.button}
        aria-label={
          unreadElsewhere
            ? t`Account: ${nickname} (${plural(unreadElsewhere, { one: `# unread entry`, other: `# unread entries` })} in your other accounts)`
            : t`Account: ${nickname}`
        }
        onClick={(event) => {
          bar.open(event.currentTarget);
          void refreshServerSession();
        }}
      >
        <AccountCircle className={styles.icon} />
        <span className={styles.nickname}>{nickname}</span>
        {unreadElsewhere > 0 && (
          <Box component="span" aria-hidden sx={{ ml: 0.75, width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.light' }} />
        )}
      </Button>
      <Menu {...bar.menu}>
        {server.person && <ListItemText sx={{ px: 2, py: 0.5 }} primary={server.person.name} secondary={t`Signed in`} />}
        {server.person && <Divider />}
        {server.accounts.map((account) => (
          <MenuItem
            key={account.id}
            role="menuitemradio"
            aria-checked={account.active}
            selected={account.active}
            disabled={switchTo.isPending}
            onClick={() => {
              close();
              if (!account.active) switchTo.mutate(account.id);
            }}
          >
            <ListItemIcon>{account.active && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText primary={account.nickname} secondary={describe(account)} />
          </MenuItem>
        ))}
        <Divider />
        {server.oauth && (
          <MenuItem component="a" href={signInUrl(pathname + search, true)}>
            {t`Add account`}
          </MenuItem>
        )}
        <MenuItem component={Link} to={urls.settings.index()} onClick={close}>
          {t`Manage accounts`}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            const unsent = countDrafts(accountIds);
            if (unsent > 0) setDrafts(unsent);
            else leave(true);
          }}
        >
          {t`Sign out`}
        </MenuItem>
      </Menu>
      {drafts > 0 && <SignOutDialog drafts={drafts} onClose={() => setDrafts(0)} onSignOut={leave} />}
    </>
  );
}
