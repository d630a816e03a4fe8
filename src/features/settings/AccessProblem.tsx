import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { refreshServerSession } from '../../lib/session';

/**
 * Why no page can be shown: the page did not carry its mode (it was not served by Seller Desk's server), or
 * that server did not say who is signed in. Never the demo in its place.
 */
export function AccessProblem({ problem }: { problem: 'unknown-mode' | 'unreachable' }) {
  const { t } = useLingui();
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t`Seller Desk cannot start`}
      </Typography>
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => (problem === 'unreachable' ? void refreshServerSession() : location.reload())}
          >
            {t`Try again`}
          </Button>
        }
      >
        <AlertTitle>
          {problem === 'unreachable' ? t`The Seller Desk server did not answer` : t`This page did not say how to run`}
        </AlertTitle>
        {problem === 'unreachable'
          ? t`It could not be asked who is signed in. Check your connection and try again.`
          : t`It was not served by the Seller Desk server, so it cannot tell your real data from the demo. Open Seller Desk at its own address.`}
      </Alert>
    </Box>
  );
}
