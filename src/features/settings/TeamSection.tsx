import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isRole, roles, type Role } from '../../../core/roles.ts';
import { mayGrant } from '../../../core/team.ts';
import { type Invitation, type TeamPerson } from '../../api/team';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Section } from '../../components/Section';
import { useFormat } from '../../lib/format';
import { roleNames } from '../../lib/permissions';
import { showToast } from '../../lib/toast';
import { teamQuery, useTeamActions } from './team';
import { describeTeamError } from './teamErrors';
import { ScrollingTable } from '../../components/ScrollingTable';

function useRoleName() {
  const { i18n } = useLingui();
  return (role: string) => (isRole(role) ? i18n._(roleNames[role]) : role);
}

/** A link made once by the server: shown absolute, to copy and send. It is not shown again. */
function NewLink({ link }: { link: string }) {
  const { t } = useLingui();
  const absolute = new URL(link, location.origin).href;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={t`Invitation link`}
        value={absolute}
        helperText={t`Send it to the person you invite. It works once, for 7 days, and is not shown again.`}
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
        fullWidth
      />
      <Button
        onClick={() =>
          void navigator.clipboard.writeText(absolute).then(
            () => showToast(t`Link copied`, 'success'),
            () => showToast(t`The link could not be copied: select it and copy it yourself.`, 'warning'),
          )
        }
      >
        {t`Copy`}
      </Button>
    </Stack>
  );
}

function Invite({ actor, accountId }: { actor: Role; accountId: string }) {
  const { t } = useLingui();
  const roleName = useRoleName();
  const { invite } = useTeamActions(accountId);
  const grantable = roles.filter((role) => mayGrant(actor, role));
  const [role, setRole] = useState<Role>('answerer');
  return (
    <Stack spacing={1.5} component="form" onSubmit={(event) => (event.preventDefault(), invite.mutate(role))}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          label={t`Role of the person invited`}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          sx={{ minWidth: 240 }}
        >
          {grantable.map((r) => (
            <MenuItem key={r} value={r}>
              {roleName(r)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={invite.isPending}>
          {t`Invite`}
        </Button>
      </Stack>
      {invite.isError && <ErrorAlert error={invite.error} describeError={describeTeamError} />}
      {invite.data && <NewLink link={invite.data.link} />}
    </Stack>
  );
}

function People({ people, actor, accountId }: { people: TeamPerson[]; actor: Role; accountId: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const roleName = useRoleName();
  const { changeRole, remove, recover } = useTeamActions(accountId);
  const busy = changeRole.isPending || remove.isPending || recover.isPending;
  const failed = [changeRole, remove, recover].find((mutation) => mutation.isError);
  const methodNames = { marketplace: t`Marketplace`, passkey: t`Passkey` };
  return (
    <Stack spacing={1.5}>
      <ScrollingTable aria-label={t`People`}>
        <TableHead>
          <TableRow>
            <TableCell>{t`Name`}</TableCell>
            <TableCell>{t`Signs in with`}</TableCell>
            <TableCell>{t`Role`}</TableCell>
            <TableCell>{t`Last activity`}</TableCell>
            <TableCell align="right">{t`Actions`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {people.map((person) => {
            const manageable = isRole(person.role) && mayGrant(actor, person.role) && !person.you;
            return (
              <TableRow key={person.id}>
                <TableCell>{person.you ? t`${person.name} (you)` : person.name}</TableCell>
                <TableCell>{person.methods.map((method) => methodNames[method]).join(', ')}</TableCell>
                <TableCell>
                  {manageable ? (
                    <TextField
                      select
                      size="small"
                      label={t`Role of ${person.name}`}
                      value={person.role}
                      disabled={busy}
                      onChange={(event) => changeRole.mutate({ personId: person.id, role: event.target.value as Role })}
                    >
                      {roles
                        .filter((role) => mayGrant(actor, role))
                        .map((role) => (
                          <MenuItem key={role} value={role}>
                            {roleName(role)}
                          </MenuItem>
                        ))}
                    </TextField>
                  ) : (
                    roleName(person.role)
                  )}
                </TableCell>
                <TableCell>{person.lastActiveAt ? format.dateTime(person.lastActiveAt) : t`Never`}</TableCell>
                <TableCell align="right">
                  {(manageable || (person.you && actor === 'owner')) && (
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      {manageable && person.methods.includes('passkey') && (
                        <Button size="small" disabled={busy} onClick={() => recover.mutate(person.id)}>
                          {t`Recovery link for ${person.name}`}
                        </Button>
                      )}
                      <Button size="small" color="error" disabled={busy} onClick={() => remove.mutate(person.id)}>
                        {t`Remove ${person.name}`}
                      </Button>
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </ScrollingTable>
      {failed && <ErrorAlert error={failed.error} describeError={describeTeamError} />}
      {recover.data && <NewLink link={recover.data.link} />}
    </Stack>
  );
}

function Invitations({ invitations, accountId }: { invitations: Invitation[]; accountId: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const roleName = useRoleName();
  const { revoke } = useTeamActions(accountId);
  if (invitations.length === 0) return <Typography color="text.secondary">{t`No pending invitations.`}</Typography>;
  return (
    <Stack spacing={1.5}>
      <ScrollingTable aria-label={t`Pending invitations`}>
        <TableHead>
          <TableRow>
            <TableCell>{t`Invitation`}</TableCell>
            <TableCell>{t`Invited by`}</TableCell>
            <TableCell>{t`Expires`}</TableCell>
            <TableCell align="right">{t`Actions`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invitations.map((invitation) => {
            const role = roleName(invitation.role);
            const what = invitation.kind === 'recovery' ? t`Passkey recovery for ${invitation.person?.name ?? ''}` : t`Join as ${role}`;
            return (
              <TableRow key={invitation.id}>
                <TableCell>{what}</TableCell>
                <TableCell>{invitation.createdBy ?? '—'}</TableCell>
                <TableCell>{format.dateTime(invitation.expiresAt)}</TableCell>
                <TableCell align="right">
                  <Button size="small" color="error" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.id)}>
                    {t`Revoke: ${what}`}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </ScrollingTable>
      {revoke.isError && <ErrorAlert error={revoke.error} describeError={describeTeamError} />}
    </Stack>
  );
}

/** Settings → Team: the active account's people and invitations, for its owners and managers. */
export function TeamSection({ accountId, actor }: { accountId: string; actor: Role }) {
  const { t } = useLingui();
  const team = useQuery(teamQuery(accountId));
  return (
    <Section title={t`Team`} spacing={2}>
      <DataState query={team} describeError={describeTeamError}>
        {({ people, invitations }) => (
          <>
            <People people={people} actor={actor} accountId={accountId} />
            <Typography variant="subtitle1" component="h3">
              {t`Pending invitations`}
            </Typography>
            <Invitations invitations={invitations} accountId={accountId} />
            <Typography variant="subtitle1" component="h3">
              {t`Invite someone`}
            </Typography>
            <Invite actor={actor} accountId={accountId} />
          </>
        )}
      </DataState>
    </Section>
  );
}
