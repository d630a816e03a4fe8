import { useMemo } from 'react';
import { operationGroup, parseOperationType, type Operation } from '../../api/fulfillment';
import { useLocale } from '../../lib/i18n';
import { useLingui } from '@lingui/react/macro';
import { groupLabels, typeLabels } from './labels';

const knownReferences = new Set(['shipment_id', 'inbound_id']);

/** How an operation reads on screen: its type with group and meaning, signed changes, the stock after. */
export function useOperationText() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  return useMemo(() => {
    // Operation timestamps are UTC; shown in UTC so the dates match the date filter.
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
    const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
    const number = new Intl.NumberFormat(locale);
    return (op: Operation) => {
      const type = parseOperationType(op.type);
      return {
        date: date.format(new Date(op.date_created)),
        type: op.type.toUpperCase(),
        group: type ? i18n._(groupLabels[operationGroup(type)]) : '—',
        meaning: type ? i18n._(typeLabels[type]) : t`A type this page does not know yet.`,
        availableChange: signed.format(op.detail.available_quantity),
        notAvailableChange: signed.format(op.detail.not_available_quantity ?? 0),
        after: t`${{ available: number.format(op.result.available_quantity) }} available of ${{ total: number.format(op.result.total) }}`,
        references: op.external_references
          .map((ref) =>
            knownReferences.has(ref.type)
              ? ref.type === 'shipment_id'
                ? t`Shipment ${{ value: ref.value }}`
                : t`Inbound ${{ value: ref.value }}`
              : `${ref.type} ${ref.value}`,
          )
          .join(', '),
      };
    };
  }, [locale, t, i18n]);
}
