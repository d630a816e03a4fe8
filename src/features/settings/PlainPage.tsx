import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A page outside the app's shell (signing in, joining, no account left): the app's name, one h1, its content. */
export function PlainPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui();
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
            {title}
          </Typography>
          {children}
        </Stack>
      </Box>
    </>
  );
}
