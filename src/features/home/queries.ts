import { queryOptions } from '@tanstack/react-query';
import { getActivity } from '../../api/activity';
import { searchCreditLeads } from '../../api/credits';
import { searchQuestions } from '../../api/questions';
import { isUnreadable } from '../../api/unreadable';
import { localTimestamp } from '../../lib/localTime';
import { activityKeys } from '../activity/keys';
import { creditLeadKeys } from '../credits/keys';
import { pollMs, questionKeys } from '../questions/keys';

/*
 * The home screen's reads, each under the key factory of the area it shows, so live updates and the areas'
 * writes refresh the cards as they refresh the areas' own pages.
 */

/** The oldest unanswered questions the card reads to count the overdue and the due soon (a search's largest page). */
const urgentWindow = 100;

/**
 * How many unanswered questions there are, when the oldest of them was asked (null: none, or unreadable), and
 * when the oldest `urgentWindow` were asked, oldest first: those first in line to be overdue.
 */
export function oldestUnansweredQuery(sellerId: number) {
  return queryOptions({
    queryKey: questionKeys.oldestUnanswered(sellerId),
    queryFn: async ({ signal }) => {
      const found = await searchQuestions(
        { sellerId, status: 'UNANSWERED', sortFields: ['date_created'], sortType: 'ASC', limit: urgentWindow },
        signal,
      );
      const asked = found.questions.flatMap((question) => (isUnreadable(question) ? [] : [question.date_created]));
      const [first] = found.questions;
      // The oldest question could not be read: its age is unknown, and the count stands alone.
      return { total: found.total, oldest: first && !isUnreadable(first) ? first.date_created : null, asked };
    },
    refetchInterval: pollMs,
  });
}

/** Days of approved credit leads the card counts: today and the six before, as the credit search's whole days. */
export const creditLeadDays = 7;

/** Approved leads created from the local day `fromDay` (YYYY-MM-DD) until now. */
export function approvedCreditLeadsQuery(sellerId: number, fromDay: string, sandbox: boolean) {
  return queryOptions({
    queryKey: creditLeadKeys.approvedSince(sellerId, fromDay, sandbox),
    queryFn: async ({ signal }) => {
      const params = {
        seller_id: sellerId,
        date_from: `${fromDay}T00:00:00`,
        date_to: localTimestamp(new Date()),
        status: 'approved',
        limit: 1,
      } as const;
      return (await searchCreditLeads(params, sandbox, signal)).paging.total;
    },
  });
}

/** Entries the activity card lists. */
const latestActivityCount = 5;

export const latestActivityQuery = queryOptions({
  queryKey: activityKeys.latest(),
  queryFn: ({ signal }) => getActivity({ limit: latestActivityCount }, signal),
});

/** Recategorizations read to find the ones waiting for review (a page of the activity list). */
export const reviewWindow = 50;

/** The recategorizations among the newest `reviewWindow` still waiting for review; `more` when older ones were not read. */
export const waitingReviewsQuery = queryOptions({
  queryKey: activityKeys.waitingReviews(),
  queryFn: async ({ signal }) => {
    const { entries } = await getActivity({ kind: 'recategorization', limit: reviewWindow }, signal);
    return { waiting: entries.filter((entry) => entry.review?.reviewedAt === null).length, more: entries.length === reviewWindow };
  },
});

/** Stock entries read to find the low-stock alerts among them (a page of the activity list). */
const lowStockWindow = 50;

/** The low-stock alerts (server/src/lowStock.ts) among the newest `lowStockWindow` stock entries, newest first. */
export const lowStockAlertsQuery = queryOptions({
  queryKey: activityKeys.lowStock(),
  queryFn: async ({ signal }) => {
    const { entries } = await getActivity({ kind: 'stock', limit: lowStockWindow }, signal);
    return { alerts: entries.filter((entry) => entry.facts.lowStock === true), more: entries.length === lowStockWindow };
  },
});
