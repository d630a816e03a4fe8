import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { simulateBuyerQuestion, simulateCreditLead, simulateFulfillmentOperation, simulateRecategorization } from '../../api/demo';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Section } from '../../components/Section';

/**
 * Demo mode only: make the simulated marketplace do what real sellers' marketplaces do on their own. The entry
 * then arrives the way live mode's do, through the activity stream, and updates the pages it concerns.
 */
export function DemoControls() {
  const { t } = useLingui();
  const happen = useMutation({
    // What the simulator answers is not needed: the entry comes through the stream.
    mutationFn: async (event: 'question' | 'credit-lead' | 'operation' | 'recategorization'): Promise<unknown> => {
      if (event === 'question') return simulateBuyerQuestion({ text: t`Hello! Is it still available?` });
      if (event === 'credit-lead') return simulateCreditLead();
      if (event === 'operation') return simulateFulfillmentOperation();
      return simulateRecategorization();
    },
  });
  const busy = happen.isPending;
  return (
    <Section title={t`Demo: make something happen`} spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t`In demo mode nobody else uses the marketplace: these buttons stand in for buyers, the warehouse and the marketplace itself.`}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={busy} onClick={() => happen.mutate('question')}>{t`A buyer asks a question`}</Button>
        <Button variant="outlined" disabled={busy} onClick={() => happen.mutate('credit-lead')}>{t`A new credit lead`}</Button>
        <Button variant="outlined" disabled={busy} onClick={() => happen.mutate('operation')}>{t`A fulfillment operation`}</Button>
        <Button variant="outlined" disabled={busy} onClick={() => happen.mutate('recategorization')}>
          {t`The marketplace recategorizes an item`}
        </Button>
      </Stack>
      {happen.isError && <ErrorAlert error={happen.error} />}
    </Section>
  );
}
