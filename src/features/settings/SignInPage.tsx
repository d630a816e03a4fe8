import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { signInUrl, type Account } from '../../api/session';
import { useSession } from '../../lib/session';
import { useAccountActions } from './accounts';
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
  return (
    <>
      <Paper component="header" square elevation={4} sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Toolbar>
          <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
            {t`Seller Desk`}
          </Typography>
        </Toolbar>
      </Paper>
      <Box component="main" sx={{ maxWidth: 520, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <Stack spacing={3}>
          <Typography variant="h4" component="h1">
            {t`Sign in`}
          </Typography>
          {authProblem ? (
            <Alert severity="warning">
              {authProblem.signedOut
                ? t`Your sign-in has ended: it expired, or the marketplace no longer accepts it. Sign in again to go on.`
                : t`The marketplace refused the last request (${{ reason: authProblem.reason }}). Sign in again to go on.`}
            </Alert>
          ) : (
            <Typography>{t`Sign in with your seller account to see your questions, stock, fulfillment and credit leads.`}</Typography>
          )}
          {oauth && (
            <Button variant="contained" size="large" href={signInUrl(pathname + search)}>
              {t`Sign in with the marketplace`}
            </Button>
          )}
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
        </Stack>
      </Box>
    </>
  );
}
