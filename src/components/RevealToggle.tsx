import Button from '@mui/material/Button';
import { useLingui } from '@lingui/react/macro';

/** The reveal mutation a toggle drives: personal data the server sends only to a recorded reveal (docs/roles.md). */
interface Reveal {
  data: unknown;
  isPending: boolean;
  mutate: () => void;
  reset: () => void;
}

/** "Reveal contact" while hidden, "Hide contact" while shown: hiding drops the revealed data from memory. */
export function RevealToggle({ reveal }: { reveal: Reveal }) {
  const { t } = useLingui();
  return reveal.data ? (
    <Button size="small" variant="outlined" onClick={() => reveal.reset()}>
      {t`Hide contact`}
    </Button>
  ) : (
    <Button size="small" variant="outlined" disabled={reveal.isPending} onClick={() => reveal.mutate()}>
      {t`Reveal contact`}
    </Button>
  );
}
