import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { Unreadable } from '../api/unreadable';

/** What the element of a list is, for its name. */
export type UnreadableKind = 'listing' | 'question' | 'creditLead' | 'operation';

/**
 * What a list's row says of an element that could not be read (src/api/unreadable.ts): its name, with its id as
 * it came (rendered as text), and what is wrong, in words.
 */
export function describeUnreadable(entry: Unreadable, kind: UnreadableKind, i18n: I18n): { name: string; problem: string } {
  const id = entry.id ?? t(i18n)`without an id`;
  const problem =
    entry.unreadable === 'missing'
      ? t(i18n)`Could not be read: a field is missing.`
      : t(i18n)`Could not be read: a field holds a value of an unexpected kind.`;
  switch (kind) {
    case 'listing':
      return { name: t(i18n)`Listing ${id}`, problem };
    case 'question':
      return { name: t(i18n)`Question ${id}`, problem };
    case 'creditLead':
      return { name: t(i18n)`Credit lead ${id}`, problem };
    case 'operation':
      return { name: t(i18n)`Operation ${id}`, problem };
  }
}
