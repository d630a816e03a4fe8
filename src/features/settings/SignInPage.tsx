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
import { signInUrl } from '../../api/session';
import { useSession } from '../../lib/session';
import { TokenForm } from './TokenForm';

/**
 * Live mode with nobody signed in, or after the marketplace refused a request (401): every address shows
 * this, and signing in comes back to the address asked for.
 */
export function SignInPage() {
  const { t } = useLingui();
  const { server, authProblem } = useSession();
  const { pathname, search } = useLocation();
  const oauth = server?.oauth ?? false;
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
            <Alert severity="warning">{t`The marketplace refused the last request (${authProblem}). Sign in again to go on.`}</Alert>
          ) : (
            <Typography>{t`Sign in with your seller account to see your questions, stock, fulfillment and credit leads.`}</Typography>
          )}
          {oauth && (
            <Button variant="contained" size="large" href={signInUrl(pathname + search)}>
              {t`Sign in with the marketplace`}
            </Button>
          )}
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
