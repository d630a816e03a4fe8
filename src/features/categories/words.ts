import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** API tokens with words of their own; any other token is shown as it comes, underscores as spaces. */
const valueLabels: Partial<Record<string, MessageDescriptor>> = {
  required: msg`Required`,
  optional: msg`Optional`,
  not_allowed: msg`Not allowed`,
  buy_it_now: msg`Buy it now`,
  classified: msg`Classified ad`,
  auction: msg`Auction`,
  new: msg`New`,
  used: msg`Used`,
  not_specified: msg`Not specified`,
  custom: msg`Custom`,
  me1: msg`Mercado Envíos 1`,
  me2: msg`Mercado Envíos 2`,
};

/** Readable words for settings values: enum tokens translated, lists joined, empty lists "none". */
export function useValueWords() {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const one = (value: unknown): string => {
      if (typeof value !== 'string') return JSON.stringify(value);
      const label = valueLabels[value];
      return label ? i18n._(label) : value.replace(/_/g, ' ');
    };
    const list = (values: readonly unknown[]): string => (values.length === 0 ? t`None` : values.map(one).join(', '));
    return { one, list };
  }, [t, i18n]);
}
