import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ActivityEntry, ActivityKind } from '../../api/activity';
import { urls } from '../../lib/urls';

export const kindLabels = {
  question: msg`Questions`,
  item: msg`Item changes`,
  recategorization: msg`Recategorizations`,
  stock: msg`Stock`,
  'fulfillment-operation': msg`Fulfillment operations`,
  'credit-lead': msg`Credit leads`,
} satisfies Record<ActivityKind, MessageDescriptor>;

function itemName(entry: ActivityEntry): string {
  const title = entry.review?.itemTitle ?? entry.facts.itemTitle;
  return typeof title === 'string' && title ? title : (entry.subject.itemId ?? '');
}

/** The shell's quiet indicator while the stream is down (here, with the words the shell loads for its announcements). */
export const streamPaused = msg`Live updates paused — reconnecting`;

/** A question the buyer just asked (not one answered, hidden or deleted since). */
export function isNewQuestion(entry: ActivityEntry): boolean {
  return entry.kind === 'question' && entry.facts.status === 'UNANSWERED' && entry.facts.dueSoon !== true;
}

/** One line saying what happened, for the list, the live region and desktop notifications. */
export function describeEntry(entry: ActivityEntry, i18n: I18n): string {
  const item = itemName(entry);
  const { subject, facts } = entry;
  switch (entry.kind) {
    case 'question':
      if (facts.deleted === true || facts.status === null) return i18n._(msg`A question on ${item} was deleted`);
      // The server's due-soon entry (server/src/dueSoon.ts): the question is about to miss the account's target.
      if (facts.dueSoon === true) return i18n._(msg`A question on ${item} is due soon`);
      if (isNewQuestion(entry)) return i18n._(msg`New question on ${item}`);
      return i18n._(msg`Question on ${item} is now ${{ status: String(facts.status ?? '') }}`);
    case 'item':
      return i18n._(msg`${item} changed`);
    case 'recategorization':
      return i18n._(msg`${item} moved to another category`);
    case 'stock':
      // The server's low-stock entry (server/src/lowStock.ts): the total crossed the user product's threshold.
      if (facts.lowStock === true)
        return i18n._(
          msg`Low stock: ${{ userProduct: subject.userProductId ?? '' }} has ${{ total: String(facts.total) }} left, at or under its alert of ${{ threshold: String(facts.threshold) }}`,
        );
      return i18n._(msg`Stock of ${{ userProduct: subject.userProductId ?? '' }} changed`);
    case 'fulfillment-operation':
      return i18n._(
        msg`Fulfillment operation ${{ type: String(facts.type ?? '') }} in inventory ${{ inventory: subject.inventoryId ?? '' }}`,
      );
    case 'credit-lead':
      return i18n._(msg`Credit lead ${{ status: String(facts.status ?? '') }}`);
  }
}

/** Where an entry's subject is shown in the app; undefined when the app has no page for it. */
export function entryHref(entry: ActivityEntry): string | undefined {
  const { subject } = entry;
  switch (entry.kind) {
    case 'question':
      return subject.questionId === undefined ? urls.questions.index() : urls.questions.detail(subject.questionId);
    case 'item':
      // No item page: its questions are where the app shows an item.
      return subject.itemId && urls.questions.index({ item: subject.itemId });
    case 'recategorization': {
      const to = entry.review?.to.categoryId;
      // Category ids start with their site's id (MLA1055 → MLA).
      const site = to?.match(/^[A-Z]{3}/)?.[0];
      return to && site ? urls.categories.detail(site, to) : undefined;
    }
    case 'stock':
      return subject.userProductId && urls.stock.detail(subject.userProductId);
    case 'fulfillment-operation':
      return subject.inventoryId && urls.fulfillment.operations({ inventories: subject.inventoryId });
    case 'credit-lead':
      return subject.creditId && urls.credits.detail(subject.creditId);
  }
}
