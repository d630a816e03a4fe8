import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled block of a stock page (an h2 under the page's h1). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mb: 2, minWidth: 0 }} aria-labelledby={id}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
