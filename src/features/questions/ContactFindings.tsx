import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Checked } from './contactGuard';

const reasons = {
  phone: msg`a phone number`,
  email: msg`an email address`,
  link: msg`a link or web address`,
  social: msg`a social network, handle or messaging app`,
  offsite: msg`a deal or payment outside the marketplace`,
} as const;

/** Words of context either side of a finding. */
const context = 24;

/**
 * What the contact-data guard found, each span underlined in a few words of its context with the reason. Shown
 * under the text field rather than inside it: a textarea cannot underline part of its text, and an overlay
 * drawn behind it breaks with the field's own scrolling and wrapping. `held`: the send (or save) was stopped,
 * said with the marketplace's rule and the way past it for a false alarm (a model number, a size).
 */
export function ContactFindings({
  checked,
  held,
  overrideLabel,
  onOverride,
}: {
  checked: Checked;
  held: boolean;
  overrideLabel: string;
  onOverride: () => void;
}) {
  const { t, i18n } = useLingui();
  const { text, findings } = checked;
  if (findings.length === 0) return null;
  return (
    <Alert
      severity="warning"
      // Announced when it stops a send; while typing it is a note, not an interruption per keystroke.
      role={held ? 'alert' : 'note'}
      action={
        held && (
          <Button color="inherit" size="small" onClick={onOverride}>
            {overrideLabel}
          </Button>
        )
      }
    >
      <AlertTitle>
        {held ? t`This looks like contact data, which the marketplace does not allow in answers` : t`Possible contact data`}
      </AlertTitle>
      <Box component="ul" aria-label={t`Contact data found`} sx={{ m: 0, pl: 2.5 }}>
        {findings.map((finding) => (
          <li key={`${finding.start}-${finding.end}`}>
            {finding.start > context ? '…' : ''}
            {text.slice(Math.max(0, finding.start - context), finding.start)}
            <Box
              component="mark"
              sx={{
                bgcolor: 'transparent',
                color: 'inherit',
                textDecoration: 'underline wavy',
                textUnderlineOffset: '3px',
                fontWeight: 600,
              }}
            >
              {text.slice(finding.start, finding.end)}
            </Box>
            {text.slice(finding.end, finding.end + context)}
            {finding.end + context < text.length ? '…' : ''}
            {': '}
            {i18n._(reasons[finding.kind])}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
