/**
 * Credit-lead reviews shared by a team (docs/roles.md "Credit-lead reviews shared by the team"): the statuses a
 * lead moves through and what a review may carry. Pure: the pages check a review before sending it, the
 * simulator answers `PUT /lead-reviews/:leadId` by the same rule in demo mode.
 */

export const leadReviewStatuses = ['new', 'contacted', 'interested', 'not_interested', 'sold'] as const;
export type LeadReviewStatus = (typeof leadReviewStatuses)[number];

/** A note's most characters: it says what was agreed, not the buyer's story (it may name the buyer, so is never logged). */
export const leadReviewNoteMax = 500;

function isLeadReviewStatus(value: unknown): value is LeadReviewStatus {
  return typeof value === 'string' && (leadReviewStatuses as readonly string[]).includes(value);
}

/** A review as sent, or why it cannot be: an unknown status, or a note over the limit. Notes are trimmed; empty is none. */
export function readLeadReview(body: unknown): { status: LeadReviewStatus; note: string | null } | { problem: 'status' | 'note' } {
  const { status, note } = (typeof body === 'object' && body !== null ? body : {}) as { status?: unknown; note?: unknown };
  if (!isLeadReviewStatus(status)) return { problem: 'status' };
  if (note !== undefined && note !== null && typeof note !== 'string') return { problem: 'note' };
  const trimmed = note?.trim() ?? '';
  if (trimmed.length > leadReviewNoteMax) return { problem: 'note' };
  return { status, note: trimmed || null };
}
