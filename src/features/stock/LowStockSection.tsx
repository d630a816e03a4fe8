import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Section } from '../../components/Section';
import { ThresholdForm } from '../../components/ThresholdForm';
import { DataState } from '../../components/DataState';
import { useGrants } from '../../lib/permissions';
import { lowStockKeys, thresholdsQuery } from '../../lib/lowStock';
import { showToast } from '../../lib/toast';
import { useFormat } from '../../lib/format';

/**
 * A user product's low-stock alert (core/lowStock.ts): its threshold on the total across locations, else the
 * account's default. Whoever may change the stock sets it; the others read it.
 */
export function LowStockSection({ sellerId, userProductId }: { sellerId: number; userProductId: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const canWrite = useGrants().can('stock.write');
  const queryClient = useQueryClient();
  const query = useQuery(thresholdsQuery(sellerId));
  const save = useMutation({
    mutationFn: async (threshold: number | null) => (await import('../../api/lowStock')).putThreshold(sellerId, threshold, userProductId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lowStockKeys.account(sellerId) });
      showToast(t`Low-stock alert saved.`, 'success');
    },
  });
  return (
    <Section title={t`Low-stock alert`}>
      <DataState query={query}>
        {({ accountDefault, userProducts }) => {
          const own = userProducts.find((entry) => entry.userProductId === userProductId)?.threshold ?? null;
          const applies = own ?? accountDefault;
          const help =
            accountDefault === null
              ? t`Empty: no alert.`
              : t`Empty: the account's default, ${{ threshold: format.number(accountDefault) }}.`;
          return (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {applies === null
                  ? t`No alert: this user product has no threshold and the account no default.`
                  : t`The home screen and the activity say so once when the total across locations falls to ${{ threshold: format.number(applies) }} or under.`}
              </Typography>
              {canWrite && (
                <ThresholdForm
                  current={own}
                  pending={save.isPending}
                  onSave={(threshold) => save.mutate(threshold)}
                  words={{
                    label: t`Alert at (units or fewer)`,
                    help,
                    invalid: t`Type a whole number from 0, or leave it empty.`,
                    save: t`Save alert`,
                  }}
                />
              )}
              {save.isError && <ErrorAlert error={save.error} onRetry={() => save.mutate(save.variables)} />}
            </>
          );
        }}
      </DataState>
    </Section>
  );
}
