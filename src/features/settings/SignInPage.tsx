import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { signInUrl, type Account } from '../../api/session';
import { signInWithPasskey } from '../../api/team';
import { ErrorAlert } from '../../components/ErrorAlert';
import { acceptServerSession, useSession } from '../../lib/session';
import { useAccountActions } from './accounts';
import { describeTeamError } from './teamErrors';
import { PlainPage } from './PlainPage';
import { TokenForm } from './TokenForm';

/** After a refusal, the accounts still connected are one click away; the app never picks one by itself. */
function ConnectedAccounts({ accounts }: { accounts: Account[] }) {
  const { t } = useLingui();
  const { switchTo } = useAccountActions();
  return (
    <Stack spacing={1} component="section" aria-labelledby="connected-accounts">
      <Typography variant="h6" component="h2" id="connected-accounts">
        {t`Or go on with a connected account`}
      </Typography>
      {accounts.map(({ id, nickname }) => (
        <Button
          key={id}
          variant="outlined"
          disabled={switchTo.isPending}
          onClick={() => switchTo.mutate(id)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t`Continue as ${nickname}`}
        </Button>
      ))}
    </Stack>
  );
}

/**
 * Live mode with nobody signed in, or after the marketplace refused a request (401): every address shows
 * this, and signing in comes back to the address asked for.
 */
export function SignInPage() {
  const { t } = useLingui();
  const { server, authProblem } = useSession();
  const { pathname, search } = useLocation();
  const oauth = server?.oauth ?? false;
  // The account the marketplace just refused is not offered again; one the server ended is already gone.
  const usable = (server?.accounts ?? []).filter((account) => !(account.active && authProblem?.signedOut === false));
  // With a marketplace app the token is the second way in, one click away; without one it is the only way.
  const [showToken, setShowToken] = useState(!oauth);
  const passkey = useMutation({ mutationFn: signInWithPasskey, onSuccess: acceptServerSession });
  return (
    <PlainPage title={t`Sign in`}>
      {authProblem ? (
        <Alert severity="warning">
          {authProblem.signedOut
            ? t`Your sign-in has ended: it expired, or the marketplace no longer accepts it. Sign in again to go on.`
            : t`The marketplace refused the last request (${{ reason: authProblem.reason }}). Sign in again to go on.`}
        </Alert>
      ) : (
        <Typography>{t`Sign in with your seller account, or with the passkey you made when you joined a team.`}</Typography>
      )}
      {oauth && (
        <Button variant="contained" size="large" href={signInUrl(pathname + search)}>
          {t`Sign in with the marketplace`}
        </Button>
      )}
      <Button variant="outlined" size="large" disabled={passkey.isPending} onClick={() => passkey.mutate()}>
        {t`Sign in with a passkey`}
      </Button>
      {passkey.isError && <ErrorAlert error={passkey.error} describeError={describeTeamError} />}
      {usable.length > 0 && <ConnectedAccounts accounts={usable} />}
      {showToken ? (
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {t`Personal access token`}
          </Typography>
          <TokenForm />
        </Stack>
      ) : (
        <Button variant="text" onClick={() => setShowToken(true)} sx={{ alignSelf: 'flex-start' }}>
          {t`Use a personal access token instead`}
        </Button>
      )}
    </PlainPage>
  );
}
