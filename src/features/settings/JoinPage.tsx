import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isRole } from '../../../core/roles.ts';
import { isApiError } from '../../api/errors';
import type { ServerSession } from '../../api/session';
import {
  acceptInvitation,
  invitationMarketplaceLocation,
  invitationProblems,
  joinWithPasskey,
  lookUpInvitation,
  type InvitationLookup,
  type InvitationProblem,
} from '../../api/team';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { useFormat } from '../../lib/format';
import { roleNames } from '../../lib/permissions';
import { acceptServerSession, useSession } from '../../lib/session';
import { urls } from '../../lib/urls';
import { PlainPage } from './PlainPage';
import { describeTeamError } from './teamErrors';

function problemOf(error: unknown): InvitationProblem | null {
  return isApiError(error) && (invitationProblems as readonly string[]).includes(error.error) ? (error.error as InvitationProblem) : null;
}

/** A link that cannot be used, and what to do about it. */
function Unusable({ problem }: { problem: InvitationProblem | 'incomplete' }) {
  const { t } = useLingui();
  const titles = {
    incomplete: t`This invitation link is incomplete`,
    invitation_not_found: t`This invitation link is not valid`,
    invitation_used: t`This invitation was already used`,
    invitation_revoked: t`This invitation was revoked`,
    invitation_expired: t`This invitation has expired`,
  };
  return (
    <PlainPage title={titles[problem]}>
      <Typography>
        {problem === 'invitation_used'
          ? t`Each invitation link works once. If you accepted it, sign in; otherwise ask the person who invited you for a new link.`
          : t`Ask the person who invited you for a new link.`}
      </Typography>
      <Button variant="outlined" href={urls.home()} sx={{ alignSelf: 'flex-start' }}>
        {t`Go to Seller Desk`}
      </Button>
    </PlainPage>
  );
}

/** The invitation as the invitee reads it, and the ways to accept it. */
function Invitation({ secret, invitation }: { secret: string; invitation: InvitationLookup }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { server } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const enter = (session: ServerSession) => {
    queryClient.clear();
    acceptServerSession(session);
    void navigate(urls.home(), { replace: true });
  };
  const accept = useMutation({ mutationFn: () => acceptInvitation(secret), onSuccess: enter });
  const passkey = useMutation({ mutationFn: () => joinWithPasskey(secret, name.trim()), onSuccess: enter });
  const marketplace = useMutation({
    mutationFn: () => invitationMarketplaceLocation(secret, name.trim()),
    onSuccess: (address) => location.assign(address),
  });
  const failed = [accept, passkey, marketplace].find((mutation) => mutation.isError);
  // The invitation was used or revoked meanwhile: the same page as when the link was opened so.
  const lateProblem = failed && problemOf(failed.error);
  if (lateProblem) return <Unusable problem={lateProblem} />;

  const busy = accept.isPending || passkey.isPending || marketplace.isPending;
  const { nickname, site_id } = invitation.account;
  const role = isRole(invitation.role) ? i18n._(roleNames[invitation.role]) : invitation.role;
  const until = format.dateTime(invitation.expiresAt);
  const recovery = invitation.kind === 'recovery';
  const person = server?.signedIn ? server.person : null;
  const named = recovery || name.trim().length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (named) passkey.mutate();
  };
  return (
    <PlainPage title={recovery ? t`Replace your passkey` : t`Join ${nickname}`}>
      <Typography>
        {recovery
          ? t`This link adds a new passkey for ${invitation.person?.name ?? ''} on ${nickname} (${site_id}).`
          : invitation.invitedBy
            ? t`${invitation.invitedBy} invites you to work on ${nickname} (${site_id}) as ${role}.`
            : t`You are invited to work on ${nickname} (${site_id}) as ${role}.`}{' '}
        {t`The link works once, until ${until}.`}
      </Typography>
      {person && !recovery ? (
        <Stack spacing={1}>
          <Typography>{t`You are signed in as ${person.name}: the account joins your accounts.`}</Typography>
          <Button variant="contained" disabled={busy} onClick={() => accept.mutate()} sx={{ alignSelf: 'flex-start' }}>
            {t`Accept as ${person.name}`}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} component="form" onSubmit={submit}>
          {!recovery && (
            <TextField
              label={t`Your name`}
              helperText={t`How your team will see you`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
          )}
          <Button type="submit" variant="contained" disabled={busy || !named} sx={{ alignSelf: 'flex-start' }}>
            {t`Create a passkey`}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t`A passkey signs you in with this device's screen lock or a security key: no password.`}
          </Typography>
          {!recovery && server?.oauth && (
            <Button variant="outlined" disabled={busy || !named} onClick={() => marketplace.mutate()} sx={{ alignSelf: 'flex-start' }}>
              {t`Sign in with the marketplace`}
            </Button>
          )}
        </Stack>
      )}
      {failed && <ErrorAlert error={failed.error} describeError={describeTeamError} />}
    </PlainPage>
  );
}

/**
 * /join#<secret>: the secret stays in the address's fragment, which no request carries; the page posts it.
 * Opened signed in, the person accepts as themselves; otherwise they choose a name and a way to sign in.
 */
export function JoinPage() {
  const { t } = useLingui();
  const [secret] = useState(() => decodeURIComponent(location.hash.slice(1)));
  const lookup = useQuery({
    queryKey: ['invitation', secret],
    queryFn: ({ signal }) => lookUpInvitation(secret, signal),
    enabled: secret !== '',
    retry: (count, error) => problemOf(error) === null && !isApiError(error) && count < 2,
  });
  if (secret === '') return <Unusable problem="incomplete" />;
  if (lookup.data) return <Invitation secret={secret} invitation={lookup.data} />;
  if (lookup.isError) {
    const problem = problemOf(lookup.error);
    if (problem) return <Unusable problem={problem} />;
    return (
      <PlainPage title={t`Invitation`}>
        <ErrorAlert title={t`The invitation could not be read.`} error={lookup.error} onRetry={() => void lookup.refetch()} />
      </PlainPage>
    );
  }
  return <Loading />;
}
