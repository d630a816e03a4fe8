import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import type { Permission } from '../../core/roles.ts';
import { PageHeader } from '../components/PageHeader';
import { useDenial } from '../lib/permissions';
import { urls } from '../lib/urls';
import { useLingui } from '@lingui/react/macro';

/** A page opened by its address that the person's role cannot use: says so, instead of the refusals it would meet. */
export function NotAllowed({ needs }: { needs: Permission }) {
  const { t } = useLingui();
  const denial = useDenial(needs);
  return (
    <>
      <PageHeader title={t`Not available to your role`} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {denial}
      </Alert>
      <Button variant="contained" component={Link} to={urls.home()}>
        {t`Go to the home page`}
      </Button>
    </>
  );
}
