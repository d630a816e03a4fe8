import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** One term and its value inside a `<dl>`: a label over (or beside, via `sx`) its value. */
export function Term({ label, children, small, sx }: { label: string; children: ReactNode; small?: boolean; sx?: SxProps<Theme> }) {
  return (
    <Box sx={sx ?? { minWidth: 0 }}>
      <Typography component="dt" variant={small ? 'caption' : 'body2'} color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
