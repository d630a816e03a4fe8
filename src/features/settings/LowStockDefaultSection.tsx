import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Section } from '../../components/Section';
import { ThresholdForm } from '../../components/ThresholdForm';
import { lowStockKeys, thresholdsQuery } from '../../lib/lowStock';
import { showToast } from '../../lib/toast';

/**
 * The account's default low-stock threshold (core/lowStock.ts), for every user product without one of its own:
 * shown to owners and managers, who set it (`account.settings`).
 */
export function LowStockDefaultSection({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(thresholdsQuery(sellerId));
  const save = useMutation({
    mutationFn: async (threshold: number | null) => (await import('../../api/lowStock')).putThreshold(sellerId, threshold),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lowStockKeys.account(sellerId) });
      showToast(t`Default low-stock alert saved for the whole team.`, 'success');
    },
  });
  return (
    <Section title={t`Low-stock alerts`}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t`When a user product's total across locations falls to this many units or under, the home screen and the activity say so once. A user product's own threshold, set on its stock page, comes first.`}
      </Typography>
      <DataState query={query}>
        {({ accountDefault }) => (
          <ThresholdForm
            current={accountDefault}
            pending={save.isPending}
            onSave={(threshold) => save.mutate(threshold)}
            words={{
              label: t`Default alert at (units or fewer)`,
              help: t`Empty: no default.`,
              invalid: t`Type a whole number from 0, or leave it empty.`,
              save: t`Save default`,
            }}
          />
        )}
      </DataState>
      {save.isError && <ErrorAlert error={save.error} onRetry={() => save.mutate(save.variables)} />}
    </Section>
  );
}
