import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { isRole } from '../../../core/roles.ts';
import { signInUrl, type ServerSession } from '../../api/session';
import { roleNames } from '../../lib/permissions';
import { useAccountActions } from './accounts';
import { TokenForm } from './TokenForm';
import { ScrollingTable } from '../../components/ScrollingTable';

/** Settings' list of the person's seller accounts with their role (live mode), with the ways to add one. */
export function Accounts({ server }: { server: ServerSession }) {
  const { t, i18n } = useLingui();
  const { switchTo, disconnect } = useAccountActions();
  const { pathname } = useLocation();
  const busy = switchTo.isPending || disconnect.isPending;
  return (
    <Stack spacing={2}>
      <ScrollingTable aria-label={t`Connected accounts`}>
        <TableHead>
          <TableRow>
            <TableCell>{t`Account`}</TableCell>
            <TableCell>{t`Site`}</TableCell>
            <TableCell>{t`Your role`}</TableCell>
            <TableCell align="right">{t`Actions`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {server.accounts.map(({ id, nickname, site_id, active, role }) => (
            <TableRow key={id}>
              <TableCell>
                {nickname}
                {active && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    {t`(active)`}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{site_id}</TableCell>
              <TableCell>{isRole(role) ? i18n._(roleNames[role]) : role}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  {!active && (
                    <Button size="small" disabled={busy} onClick={() => switchTo.mutate(id)}>
                      {t`Switch to ${nickname}`}
                    </Button>
                  )}
                  {/* An owner disconnects the account for everyone; anyone else leaves it (docs/teams.md). */}
                  <Button size="small" color="error" disabled={busy} onClick={() => disconnect.mutate(id)}>
                    {role === undefined || role === 'owner' ? t`Disconnect ${nickname}` : t`Leave ${nickname}`}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
      {server.oauth && (
        <Button variant="outlined" href={signInUrl(pathname, true)} sx={{ alignSelf: 'flex-start' }}>
          {t`Add account`}
        </Button>
      )}
      <Typography variant="subtitle1" component="h3">
        {t`Connect with a personal access token`}
      </Typography>
      <TokenForm />
    </Stack>
  );
}
