import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Check from '@mui/icons-material/Check';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roles, type Role } from '../../../core/roles.ts';
import { seeAs } from '../../api/demo';
import { roleNames, useGrants } from '../../lib/permissions';
import { acceptServerSession } from '../../lib/session';
import { showErrorToast } from '../../lib/toast';
import { useBarMenu } from './barMenu';

/**
 * Demo mode's "See as" (the shell shows it in demo mode only): the app as each role will see it. The simulator's
 * door then answers as that role (src/demo/team.ts), refusing what it may not do with the server's 403, and the
 * pages read its permissions from the session as in live mode. Nothing of the previous role's pages is kept.
 */
export function SeeAs() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const bar = useBarMenu();
  const current = useGrants().role ?? 'owner';
  const change = useMutation({
    // The owner is the demo person's own role: choosing it ends "See as".
    mutationFn: (role: Role) => seeAs(role === 'owner' ? null : role),
    onSuccess: (server) => {
      queryClient.clear();
      acceptServerSession(server);
    },
    onError: showErrorToast,
  });
  const { close } = bar;
  const name = i18n._(roleNames[current]);
  const label = t`See as: ${name}`;
  return (
    <>
      {/* On a phone the bar has room for the role alone: "See as: …" wrapped onto three lines and hid the page's heading. */}
      <Button
        {...bar.button}
        aria-label={label}
        sx={{
          whiteSpace: 'nowrap',
          minWidth: 0,
          px: { xs: 0.5, sm: 1 },
          '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
        disabled={change.isPending}
        onClick={(event) => bar.open(event.currentTarget)}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {label}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {name}
        </Box>
      </Button>
      <Menu {...bar.menu}>
        <ListItemText
          sx={{ px: 2, py: 0.5, maxWidth: 320 }}
          primary={t`See the app as`}
          secondary={t`Demo only: the pages and the simulated server act as this role would.`}
        />
        <Divider />
        {roles.map((role) => (
          <MenuItem
            key={role}
            role="menuitemradio"
            aria-checked={role === current}
            selected={role === current}
            onClick={() => {
              close();
              if (role !== current) change.mutate(role);
            }}
          >
            <ListItemIcon>{role === current && <Check fontSize="small" />}</ListItemIcon>
            {i18n._(roleNames[role])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
