import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { signInUrl } from '../../api/session';
import { dismissRemoval, useSession } from '../../lib/session';
import { useAccountActions } from './accounts';
import { PlainPage } from './PlainPage';
import { TokenForm } from './TokenForm';

/**
 * A person signed in with no seller account left (removed from their last, or it was disconnected): told so,
 * with the ways on: a new invitation, their own shop, or signing out. Not an error.
 */
export function NoAccountPage() {
  const { t } = useLingui();
  const { server } = useSession();
  const { signOut } = useAccountActions();
  // This page says it already; no notice of the removal is left for later.
  useEffect(dismissRemoval, []);
  return (
    <PlainPage title={t`You are no longer a member of any seller account`}>
      <Typography>
        {t`An owner or manager of a seller account can invite you again. You can also connect a seller account of your own.`}
      </Typography>
      {server?.oauth && (
        <Button variant="contained" href={signInUrl('/', true)} sx={{ alignSelf: 'flex-start' }}>
          {t`Connect your seller account`}
        </Button>
      )}
      <TokenForm />
      <Button variant="outlined" disabled={signOut.isPending} onClick={() => signOut.mutate()} sx={{ alignSelf: 'flex-start' }}>
        {t`Sign out`}
      </Button>
    </PlainPage>
  );
}
