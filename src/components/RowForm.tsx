import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';

interface RowFormProps {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  spacing?: number;
  sx?: SxProps<Theme>;
}

/**
 * A form whose fields sit in a row on wide screens and stack on phones. `noValidate`: the app checks every
 * field itself and says what is wrong in its own words, instead of the browser's bubbles.
 */
export function RowForm({ onSubmit, children, spacing = 1, sx }: RowFormProps) {
  return (
    <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={spacing} onSubmit={onSubmit} noValidate sx={sx}>
      {children}
    </Stack>
  );
}
