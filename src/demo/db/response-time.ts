import type { ResponseTime, ResponseTimeSlot, ResponseTimeSlotValue } from '../../api/response-time';
import type { QuestionRecord, QuestionStatus } from './questions';

// The spec's calculation rules ("Response time"): "the average covers questions of the last 14 days; …
// an unanswered question counts as answered with its waiting time, capped at 1 week"; "sales_percent_increase
// is filled only when the slot's response_time is greater than 60".
const windowDays = 14;
const unansweredCapDays = 7;
const salesIncreaseAboveMinutes = 60;

/**
 * The response-time resource, computed from question records by the spec's rules (never stored).
 * Choices where the spec is silent, in one place:
 * - Time zone: slots use the question's creation time in the seller's site time zone. The demo sellers'
 *   sites (MLA Argentina, MLB Brazil) are both at UTC−03:00 all year, without daylight saving.
 * - Refreshed once a day: the figures are a snapshot as of 00:00 of the current day (site time). Questions
 *   asked and answers given after that moment count from the next day on; waiting times run up to it.
 * - Window: questions created in the 14 days before the snapshot.
 * - First question: per buyer (`from.id`) and item, the earliest question of the buyer's whole history
 *   (ties: lowest id); a later question stays excluded even when the first one left the window.
 * - Which questions count: every status except BANNED (moderated, the seller cannot answer it), DELETED and
 *   DISABLED, which also do not take the "first question" place. Hidden questions still count: hiding
 *   only tidies the seller's list.
 * - Time of a question: answered → answer time minus creation time (the spec caps only unanswered ones);
 *   no answer yet (UNANSWERED, UNDER_REVIEW, CLOSED_UNANSWERED) → waiting time up to the snapshot, at most
 *   one week.
 * - Average: arithmetic mean in minutes, rounded to the nearest whole minute (halves up).
 * - Slot without questions: response_time 0, sales_percent_increase null.
 * - sales_percent_increase, for a rounded average m > 60: round(8 × ln(m / 60)), at least 1 — each doubling
 *   of the average beyond an hour adds about 5.5 points: 2 h → 6 %, 1 day → 25 %, 1 week → 41 %.
 * - No question counts (none at all, or none in the window) → null, which the handler answers as 404.
 */

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** UTC offset of the seller's site (MLA and MLB: UTC−03:00, no daylight saving). */
const siteUtcOffsetMs = -3 * hour;

const excluded: ReadonlySet<QuestionStatus> = new Set(['BANNED', 'DELETED', 'DISABLED']);

/** The moment the current figures were computed: 00:00 of `now`'s day in the site's time zone. */
export function responseTimeAsOf(now: number): number {
  return Math.floor((now + siteUtcOffsetMs) / day) * day - siteUtcOffsetMs;
}

/** Minutes from 00:00 of `time`'s day to `time`, in the site's time zone. */
export function siteMinuteOfDay(time: number): number {
  return Math.floor((time - responseTimeAsOf(time)) / minute);
}

/** The slot a question belongs to by its creation time (site time); null for weekdays 00:00–09:00. */
export function slotOf(createdAt: number): ResponseTimeSlot | null {
  const weekday = new Date(createdAt + siteUtcOffsetMs).getUTCDay();
  if (weekday === 0 || weekday === 6) return 'weekend';
  const hourOfDay = Math.floor(siteMinuteOfDay(createdAt) / 60);
  if (hourOfDay >= 18) return 'weekdays_extra_hours';
  if (hourOfDay >= 9) return 'weekdays_working_hours';
  return null;
}

/** Projected sales increase (%) when a slot averaging `average` minutes is answered within an hour. */
export function salesPercentIncrease(average: number): number | null {
  const threshold = salesIncreaseAboveMinutes;
  if (average <= threshold) return null;
  return Math.max(1, Math.round(8 * Math.log(average / threshold)));
}

/** The questions that count: the first of each buyer on each item, of the given seller. */
function firstQuestions(questions: Iterable<QuestionRecord>, sellerId: number): QuestionRecord[] {
  const first = new Map<string, QuestionRecord>();
  for (const question of questions) {
    if (question.seller_id !== sellerId || excluded.has(question.status)) continue;
    const key = `${question.from.id}|${question.item_id}`;
    const current = first.get(key);
    const earlier =
      !current ||
      question.date_created < current.date_created ||
      (question.date_created === current.date_created && question.id < current.id);
    if (earlier) first.set(key, question);
  }
  return [...first.values()];
}

/** Milliseconds the seller took (or has been taking) to answer, as of the snapshot. */
function responseMs(question: QuestionRecord, asOf: number): number {
  if (question.answer && question.answer.date_created <= asOf) return Math.max(0, question.answer.date_created - question.date_created);
  return Math.min(asOf - question.date_created, unansweredCapDays * day);
}

function averageMinutes(durations: number[]): number {
  if (durations.length === 0) return 0;
  return Math.round(durations.reduce((sum, ms) => sum + ms, 0) / durations.length / minute);
}

function slotValue(durations: number[]): ResponseTimeSlotValue {
  const average = averageMinutes(durations);
  return { response_time: average, sales_percent_increase: salesPercentIncrease(average) };
}

/** The resource for `sellerId` as of the snapshot `asOf`; null when no question counts. */
export function computeResponseTime(questions: Iterable<QuestionRecord>, sellerId: number, asOf: number): ResponseTime | null {
  const from = asOf - windowDays * day;
  const counted = firstQuestions(questions, sellerId).filter((q) => q.date_created >= from && q.date_created < asOf);
  if (counted.length === 0) return null;
  const bySlot: Record<ResponseTimeSlot, number[]> = { weekdays_working_hours: [], weekdays_extra_hours: [], weekend: [] };
  const all: number[] = [];
  for (const question of counted) {
    const ms = responseMs(question, asOf);
    all.push(ms);
    const slot = slotOf(question.date_created);
    if (slot) bySlot[slot].push(ms);
  }
  return {
    user_id: sellerId,
    total: { response_time: averageMinutes(all) },
    weekdays_working_hours: slotValue(bySlot.weekdays_working_hours),
    weekdays_extra_hours: slotValue(bySlot.weekdays_extra_hours),
    weekend: slotValue(bySlot.weekend),
  };
}
