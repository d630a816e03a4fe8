import { queryOptions, useQuery } from '@tanstack/react-query';
import { dueTime } from '../../core/answerTarget.ts';
import type { AccountSettings } from '../api/accountSettings';

/** The account's response-time target in the cache: one key for the inbox, the queue, the home card and settings. */
export const accountSettingsKeys = {
  all: ['account-settings'] as const,
  account: (sellerId: number) => [...accountSettingsKeys.all, sellerId] as const,
};

export function accountSettingsQuery(sellerId: number) {
  return queryOptions({
    queryKey: accountSettingsKeys.account(sellerId),
    // Loaded on demand: the schema library stays out of the first-paint bundle.
    queryFn: async ({ signal }) => (await import('../api/accountSettings')).getAccountSettings(sellerId, signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * When a question asked at a given time is due, by the account's target (core/answerTarget.ts); undefined while
 * the target is not known (loading, or not readable): nothing is shown as due rather than a guess.
 */
export function useDueTime(sellerId: number | undefined): ((askedAt: string) => number) | undefined {
  const settings = useQuery({ ...accountSettingsQuery(sellerId ?? 0), enabled: sellerId !== undefined }).data;
  return settings && dueTimeBy(settings);
}

/** When a question asked at a given time is due by these settings (an account's, read with accountSettingsQuery). */
export function dueTimeBy(settings: AccountSettings): (askedAt: string) => number {
  return (askedAt) => dueTime(Date.parse(askedAt), settings, settings.timeZone);
}
