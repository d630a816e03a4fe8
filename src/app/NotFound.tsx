import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { urls } from '../lib/urls';
import { useLingui } from '@lingui/react/macro';

export function NotFound() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={t`Page not found`} />
      <Typography sx={{ mb: 2 }}>{t`There is no page at ${{ path: pathname }}.`}</Typography>
      <Button variant="contained" component={Link} to={urls.questions.index()}>
        {t`Go to questions`}
      </Button>
    </>
  );
}
