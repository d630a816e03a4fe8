import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { mayRemovePasskey } from '../../../core/team.ts';
import type { Passkeys } from '../../api/team';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Section } from '../../components/Section';
import { useFormat } from '../../lib/format';
import { passkeysQuery, usePasskeyActions, useSignOutEverywhere } from './team';
import { describeTeamError } from './teamErrors';
import { ScrollingTable } from '../../components/ScrollingTable';

type PasskeyActions = ReturnType<typeof usePasskeyActions>;

/** One passkey's row: its name, edited in place. */
function PasskeyRow({ passkey, removable, actions }: { passkey: Passkeys[number]; removable: boolean; actions: PasskeyActions }) {
  const { t } = useLingui();
  const format = useFormat();
  const [name, setName] = useState<string | null>(null);
  const busy = actions.rename.isPending || actions.remove.isPending;
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (name?.trim()) actions.rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: () => setName(null) });
  };
  return (
    <TableRow>
      <TableCell>
        {name === null ? (
          passkey.name
        ) : (
          <Stack direction="row" spacing={1} component="form" onSubmit={save}>
            <TextField
              size="small"
              label={t`New name of ${passkey.name}`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              autoFocus
            />
            <Button type="submit" size="small" disabled={busy || !name.trim()}>
              {t`Save`}
            </Button>
            <Button size="small" onClick={() => setName(null)}>
              {t`Cancel`}
            </Button>
          </Stack>
        )}
      </TableCell>
      <TableCell>{format.dateTime(passkey.createdAt)}</TableCell>
      <TableCell>{passkey.lastUsedAt ? format.dateTime(passkey.lastUsedAt) : t`Never`}</TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {name === null && (
            <Button size="small" disabled={busy} onClick={() => setName(passkey.name)}>
              {t`Rename ${passkey.name}`}
            </Button>
          )}
          {removable && (
            <Button size="small" color="error" disabled={busy} onClick={() => actions.remove.mutate(passkey.id)}>
              {t`Remove ${passkey.name}`}
            </Button>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function AddPasskey({ actions }: { actions: PasskeyActions }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) actions.add.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  return (
    <Stack direction="row" spacing={1} component="form" onSubmit={submit} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={t`Name of the new passkey`}
        helperText={t`Such as the device it is on`}
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <Button type="submit" variant="outlined" disabled={actions.add.isPending || !name.trim()}>
        {t`Add a passkey`}
      </Button>
    </Stack>
  );
}

/** Settings: the person's own passkeys (never the last way to sign in removed) and signing out everywhere. */
export function PasskeysSection({ marketplace }: { marketplace: boolean }) {
  const { t } = useLingui();
  const passkeys = useQuery(passkeysQuery);
  const actions = usePasskeyActions();
  const everywhere = useSignOutEverywhere();
  const failed = [actions.add, actions.rename, actions.remove].find((mutation) => mutation.isError);
  return (
    <Section title={t`Your sign-in`} spacing={2}>
      <Typography variant="subtitle1" component="h3">
        {t`Passkeys`}
      </Typography>
      <DataState
        query={passkeys}
        isEmpty={(list) => list.length === 0}
        empty={<Typography color="text.secondary">{t`You have no passkeys: you sign in with the marketplace.`}</Typography>}
      >
        {(list) => (
          <ScrollingTable aria-label={t`Your passkeys`}>
            <TableHead>
              <TableRow>
                <TableCell>{t`Name`}</TableCell>
                <TableCell>{t`Added`}</TableCell>
                <TableCell>{t`Last used`}</TableCell>
                <TableCell align="right">{t`Actions`}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  removable={mayRemovePasskey({ passkeys: list.length, marketplace })}
                  actions={actions}
                />
              ))}
            </TableBody>
          </ScrollingTable>
        )}
      </DataState>
      {failed && <ErrorAlert error={failed.error} describeError={describeTeamError} />}
      <AddPasskey actions={actions} />
      <Typography variant="subtitle1" component="h3">
        {t`Sessions`}
      </Typography>
      <Button
        variant="outlined"
        color="error"
        disabled={everywhere.isPending}
        onClick={() => everywhere.mutate()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t`Sign out everywhere`}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t`Ends your sessions on every device, this one too. The accounts stay connected.`}
      </Typography>
    </Section>
  );
}
