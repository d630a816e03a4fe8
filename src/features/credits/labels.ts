import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CreditLeadSearchProblem, CreditLeadStatusFilter, FinancialEntity } from '../../api/credits';
import type { LeadReviewStatus } from '../../../core/leadReviews.ts';
import type { ReviewFilter } from './searchState';

// Words for the API's and the form's tokens, shared by the search form, the table and the lead panel.

export const problemLabels: Record<CreditLeadSearchProblem, MessageDescriptor> = {
  date_format: msg`Enter both dates.`,
  date_order: msg`The start date must not be after the end date.`,
  date_range: msg`The range spans more than 3 months; the service accepts at most 3 months.`,
  status: msg`Choose one of the listed statuses.`,
  entity: msg`Choose one of the listed financing entities.`,
  item_id: msg`An item id is M, two capital letters and digits (e.g. MLA1400000001).`,
  offset: msg`The page position in this link is not valid.`,
  limit: msg`A page holds at most 100 leads.`,
};

export const statusLabels: Record<CreditLeadStatusFilter, MessageDescriptor> = {
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  in_analysis: msg`In analysis`,
  all: msg`All statuses`,
};

export const entityLabels: Record<FinancialEntity, MessageDescriptor> = {
  PLATFORM_CREDIT: msg`Platform credit`,
  BANK_1: msg`Bank 1`,
  BANK_2: msg`Bank 2`,
  BANK_3: msg`Bank 3`,
};

/** A status or entity in words; one the API added after this app was written shows as it came. */
export function labelOf<K extends string>(labels: Record<K, MessageDescriptor>, value: string, i18n: I18n): string {
  return Object.hasOwn(labels, value) ? i18n._(labels[value as K]) : value;
}

/** A lead's review status (docs/roles.md), as the team sets it. */
export const reviewStatusLabels: Record<LeadReviewStatus, MessageDescriptor> = {
  new: msg({ message: `New`, context: 'lead review' }),
  contacted: msg`Contacted`,
  interested: msg`Interested`,
  not_interested: msg`Not interested`,
  sold: msg`Sold`,
};

export const reviewLabels: Record<ReviewFilter, MessageDescriptor> = {
  any: msg`All leads`,
  reviewed: msg`Reviewed (any status but new)`,
  ...reviewStatusLabels,
};
