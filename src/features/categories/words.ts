import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';

/** API tokens with words of their own; any other token is shown as it comes, underscores as spaces. */
const knownValues = new Set([
  'required',
  'optional',
  'not_allowed',
  'buy_it_now',
  'classified',
  'auction',
  'new',
  'used',
  'not_specified',
  'custom',
  'me1',
  'me2',
]);

/** Readable words for settings values: enum tokens translated, lists joined, empty lists "none". */
export function useValueWords() {
  const { t } = useLingui();
  return useMemo(() => {
    const one = (value: unknown): string => {
      if (typeof value !== 'string') return JSON.stringify(value);
      return knownValues.has(value) ? t(`v_${value}` as CategoriesKey) : value.replace(/_/g, ' ');
    };
    const list = (values: readonly unknown[]): string => (values.length === 0 ? t`None` : values.map(one).join(', '));
    return { one, list };
  }, [t, common]);
}
