import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';

/** The spec's calculation rules, for the page that explains them (the simulator keeps its own). */
export const responseTimeRules = {
  /** Only questions asked in the last 14 days count. */
  windowDays: 14,
  /** An unanswered question counts with its waiting time, at most one week. */
  unansweredCapDays: 7,
  /** sales_percent_increase is filled only when a slot's average is above this many minutes. */
  salesIncreaseAboveMinutes: 60,
} as const;

/** The three time slots, in the order the page shows them; `total` covers every hour, 00–09 included. */
export const responseTimeSlots = ['weekdays_working_hours', 'weekdays_extra_hours', 'weekend'] as const;
export type ResponseTimeSlot = (typeof responseTimeSlots)[number];

const minutes = z.int().check(z.nonnegative());

/**
 * A slot: average minutes and the projected sales increase when answered within an hour (null unless the
 * average is above 60). A slot without questions answers `response_time: 0` and null: the spec lists every
 * slot as always present, so none is omitted.
 */
const responseTimeSlotSchema = z.object({
  response_time: minutes,
  sales_percent_increase: z.nullable(z.int().check(z.nonnegative())),
});
export type ResponseTimeSlotValue = z.infer<typeof responseTimeSlotSchema>;

export const responseTimeSchema = z.object({
  user_id: z.int().check(z.positive()),
  total: z.object({ response_time: minutes }),
  weekdays_working_hours: responseTimeSlotSchema,
  weekdays_extra_hours: responseTimeSlotSchema,
  weekend: responseTimeSlotSchema,
});
export type ResponseTime = z.infer<typeof responseTimeSchema>;

/**
 * A user (seller) id as typed in a form or a URL: a positive whole number. Checked before any request;
 * the simulator applies the same schema to the path.
 */
export const userIdSchema = z
  .pipe(z.string().check(z.trim(), z.regex(/^[1-9]\d*$/)), z.transform(Number))
  .check(z.refine(Number.isSafeInteger));

/**
 * GET /users/{user_id}/questions/response_time. 404 not_found ("Response time not found for user id: N")
 * when the seller has no questions that count.
 */
export function getResponseTime(userId: number, signal?: AbortSignal): Promise<ResponseTime> {
  return requestData(`/users/${userId}/questions/response_time`, { schema: responseTimeSchema, signal });
}
