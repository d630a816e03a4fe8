import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from './client';
import { getResponseTime, responseTimeSchema, userIdSchema } from './response-time';
import { isApiError } from './errors';
import { demoSeller, otherSeller, question, siteTime, createDb, testDb } from '../test/demo';

// Wednesday 2026-11-18, 15:00 site time: today's snapshot is 00:00 of that day.
const now = siteTime('2026-11-18T15:00');
const monday = siteTime('2026-11-16T10:00');

/** Replaces the seeded questions with hand-built ones, so the figures are exact. */
function useQuestions(...records: ReturnType<typeof question>[]) {
  const { byId } = testDb().questions;
  byId.clear();
  for (const record of records) byId.set(record.id, record);
}

describe('GET /users/{id}/questions/response_time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it('computes each slot and the total from the seller’s questions', async () => {
    useQuestions(
      question(monday, { answeredAfter: 30 }),
      question(siteTime('2026-11-16T19:00'), { answeredAfter: 120 }),
      question(siteTime('2026-11-15T11:00'), { answeredAfter: 45 }),
      question(siteTime('2026-11-17T07:00'), { answeredAfter: 5 }),
    );
    await expect(getResponseTime(demoSeller.id)).resolves.toEqual({
      user_id: demoSeller.id,
      total: { response_time: 50 },
      weekdays_working_hours: { response_time: 30, sales_percent_increase: null },
      weekdays_extra_hours: { response_time: 120, sales_percent_increase: 6 },
      weekend: { response_time: 45, sales_percent_increase: null },
    });
  });

  it('answers 404 not_found "Response time not found for user id: N" for a seller without questions', async () => {
    useQuestions(question(monday, { answeredAfter: 30 }));
    await expect(getResponseTime(otherSeller.id)).rejects.toMatchObject({
      status: 404,
      error: 'not_found',
      message: `Response time not found for user id: ${otherSeller.id}`,
    });
  });

  it('answers 404 when the seller’s questions are all older than 14 days', async () => {
    useQuestions(question(siteTime('2026-11-01T10:00'), { answeredAfter: 30 }));
    await expect(getResponseTime(demoSeller.id)).rejects.toSatisfy((e) => isApiError(e, 404));
  });

  it('is refreshed once a day: an answer given today shows from tomorrow', async () => {
    const waiting = question(monday);
    useQuestions(waiting);
    const before = await getResponseTime(demoSeller.id);
    // Waiting since Monday 10:00 as of Wednesday 00:00: 38 h.
    expect(before.total.response_time).toBe(38 * 60);

    waiting.status = 'ANSWERED';
    waiting.answer = { text: 'Sí', status: 'ACTIVE', date_created: now };
    await expect(getResponseTime(demoSeller.id)).resolves.toEqual(before);

    testDb().clockOffset = siteTime('2026-11-19T00:00') - now;
    await expect(getResponseTime(demoSeller.id)).resolves.toMatchObject({ total: { response_time: (now - monday) / 60_000 } });
  });

  it('lets any signed-in seller read another seller’s figures (support staff)', async () => {
    useQuestions(question(monday, { answeredAfter: 30 }));
    configureClient({ getToken: () => otherSeller.token });
    await expect(getResponseTime(demoSeller.id)).resolves.toMatchObject({ user_id: demoSeller.id });
  });

  it('answers 401 without a token', async () => {
    configureClient({ getToken: () => '' });
    await expect(getResponseTime(demoSeller.id)).rejects.toMatchObject({ status: 401, error: 'unauthorized' });
  });

  it('answers 400 bad_request for a user id that is not a positive integer', async () => {
    await expect(getResponseTime(0)).rejects.toMatchObject({ status: 400, error: 'bad_request' });
  });
});

describe('user id check before any request', () => {
  it.each(['310000002', ' 42 ', '1'])('accepts %j', (value) => {
    expect(userIdSchema.safeParse(value).success).toBe(true);
  });

  it.each(['', '0', '-1', '1.5', '12a', '1e5', '99999999999999999999'])('rejects %j', (value) => {
    expect(userIdSchema.safeParse(value).success).toBe(false);
  });
});

describe('contract: the default seed', () => {
  it('answers every seller (and every seller id on a question) in the client’s schema, or 404 not_found', async () => {
    const db = testDb();
    const ids = new Set([...db.sellers.map((s) => s.id), ...[...db.questions.byId.values()].map((q) => q.seller_id)]);
    for (const id of ids) {
      const outcome = await getResponseTime(id).catch((error: unknown) => error);
      if (isApiError(outcome)) expect(outcome).toMatchObject({ status: 404, error: 'not_found' });
      else expect(responseTimeSchema.parse(outcome)).toEqual(outcome);
    }
  });

  // Runs once the questions area seeds questions of the last days (skipped while the seed is empty).
  const seeded = [...createDb().questions.byId.values()].some(
    (q) => q.seller_id === demoSeller.id && Date.now() - q.date_created < 13 * 86_400_000,
  );
  it.runIf(seeded)('answers the demo seller with figures computed from the seeded questions', async () => {
    await expect(getResponseTime(demoSeller.id)).resolves.toMatchObject({ user_id: demoSeller.id });
  });
});
