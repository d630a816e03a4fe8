import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

interface SectionProps {
  title: string;
  children: ReactNode;
  /** Stacks the children with this gap (a form's fields); otherwise they flow as given. */
  spacing?: number;
  /** The caller's layout around the block (e.g. no margin inside a Stack that spaces its children). */
  sx?: SxProps<Theme>;
}

/** A titled block of a page: an outlined region named by its h2, under the page's h1. */
export function Section({ title, children, spacing, sx = [] }: SectionProps) {
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={[{ p: 2, mb: 2, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
      aria-labelledby={id}
    >
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {spacing === undefined ? children : <Stack spacing={spacing}>{children}</Stack>}
    </Paper>
  );
}
