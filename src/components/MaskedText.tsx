import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

interface MaskedTextProps {
  /** The personal value; rendered only while revealed. */
  value: string;
  revealed: boolean;
  /** What a revealed value looks like (a mailto link, a copy button…); plain text by default. */
  children?: ReactNode;
}

/** Personal data stays out of the DOM until the owner of the view chooses to reveal it. */
export function MaskedText({ value, revealed, children }: MaskedTextProps) {
  const { t } = useLingui();
  if (revealed) return <>{children ?? value}</>;
  return (
    <Box component="span" aria-label={t`Hidden personal data`} sx={{ letterSpacing: 2, color: 'text.secondary' }}>
      {'•'.repeat(Math.min(Math.max(value.length, 6), 12))}
    </Box>
  );
}

/** The reveal / hide switch for a group of MaskedText values (per record, never remembered). */
export function RevealButton({ revealed, onToggle, label }: { revealed: boolean; onToggle: () => void; label?: string }) {
  const { t } = useLingui();
  return (
    <Button size="small" variant="outlined" onClick={onToggle} aria-pressed={revealed}>
      {label ?? (revealed ? t`Hide` : t`Reveal`)}
    </Button>
  );
}
