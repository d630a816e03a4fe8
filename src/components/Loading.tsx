import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';

export function Loading() {
  const { t } = useLingui();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{t`Loading…`}</Typography>
    </Box>
  );
}
