import type { ActivityKind } from '../../api/activity';

/**
 * Query keys of the activity area, general → specific. Kept apart from queries.ts so the navigation badge
 * and the shell's live updates can use them without pulling the API module (and zod) into the first paint.
 */
export const activityKeys = {
  all: ['activity'] as const,
  list: (kind: ActivityKind | undefined, before: string | undefined) => [...activityKeys.all, 'list', { kind, before }] as const,
  unread: () => [...activityKeys.all, 'unread'] as const,
  /** The home screen's card: the newest entries, and the recategorizations still waiting for review. */
  latest: () => [...activityKeys.all, 'latest'] as const,
  waitingReviews: () => [...activityKeys.all, 'waiting-reviews'] as const,
  /** The home screen's stock card: the newest low-stock alerts. */
  lowStock: () => [...activityKeys.all, 'low-stock'] as const,
};

/** The badge polls as the other badges do; the stream makes it move at once. */
export const pollMs = 60_000;
