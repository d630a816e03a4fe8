import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb, type SeedName } from '.';
import { deletionTime } from './questions';
import { computeResponseTime, responseTimeAsOf } from './response-time';
import { siteTime } from './response-time.fixtures';

/** The seed is made relative to the moment the demo is opened: a shop at work whenever that is. */
const hour = 3_600_000;
const day = 24 * hour;

/** The demo seller's questions and response time, had the demo been opened at `now`. */
function openedAt(now: number, seed: SeedName = 'default') {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  const db = createDb(seed);
  const questions = [...db.questions.byId.values()].filter((q) => q.seller_id === db.seller.id);
  const vehicle = (itemId: string) => db.items.get(itemId)?.vehicle === true;
  return { questions, vehicle, responseTime: computeResponseTime(questions, db.seller.id, responseTimeAsOf(now))! };
}

// Every 3 hours of a week (site time), at 17 minutes past: each weekday and hour opens another seed.
const week = Array.from({ length: 56 }, (_, index) => siteTime('2026-11-16T00:17') + index * 3 * hour);

describe('the questions seed', () => {
  afterEach(() => vi.useRealTimers());

  it.each(week.map((now) => [new Date(now).toISOString(), now]))(
    'opened at %s: today’s latest waiting, two from yesterday evening; the others mostly answered within the hour',
    (_when, now) => {
      const { questions, vehicle, responseTime } = openedAt(now);
      const midnight = responseTimeAsOf(now);
      const waiting = questions.filter((q) => q.status === 'UNANSWERED');
      // Today: up to five, the latest asked (moderated ones aside).
      const today = questions.filter((q) => q.date_created >= midnight && q.status !== 'BANNED' && q.status !== 'DISABLED');
      expect(today.filter((q) => q.status === 'UNANSWERED')).toEqual(today.slice(-5));
      // Yesterday: its late question about a car and its latest other one.
      const yesterday = waiting.filter((q) => q.date_created < midnight);
      expect(yesterday).toHaveLength(2);
      expect(yesterday.map((q) => vehicle(q.item_id))).toEqual(expect.arrayContaining([true, false]));
      expect(yesterday.every((q) => q.date_created >= midnight - day)).toBe(true);

      const answered = questions.filter((q) => q.answer && q.date_created >= now - 14 * day);
      const withinTheHour = answered.filter((q) => q.answer!.date_created - q.date_created <= hour);
      expect(withinTheHour.length / answered.length).toBeGreaterThan(0.7);
      // Under an hour on average, with one slot to improve: the weekend.
      expect(responseTime.total.response_time).toBeLessThan(60);
      expect(responseTime.weekdays_working_hours.sales_percent_increase).toBeNull();
      expect(responseTime.weekdays_extra_hours.sales_percent_increase).toBeNull();
      expect(responseTime.weekend.sales_percent_increase).toBeGreaterThan(0);
    },
  );

  it('is the same a little later (a reload): each question keeps its id, item, text and time; new ones come after', () => {
    const now = siteTime('2026-11-18T15:00');
    const first = openedAt(now).questions;
    const later = new Map(openedAt(now + 40 * 60_000).questions.map((q) => [q.id, q]));
    for (const question of first)
      expect(later.get(question.id)).toMatchObject({ item_id: question.item_id, text: question.text, date_created: question.date_created });
    expect([...later.keys()].filter((id) => id > Math.max(...first.map((q) => q.id))).length).toBe(later.size - first.length);
  });

  it('large: a backlog besides, unanswered for months, some a few days from their 7-month deletion', () => {
    const now = siteTime('2026-11-18T15:00');
    const { questions, responseTime } = openedAt(now, 'large');
    const waiting = questions.filter((q) => q.status === 'UNANSWERED');
    expect(waiting.filter((q) => q.date_created < now - 30 * day).length).toBeGreaterThan(100);
    expect(waiting.filter((q) => deletionTime(q.date_created) - now < 14 * day).length).toBeGreaterThan(0);
    expect(waiting.every((q) => deletionTime(q.date_created) > now)).toBe(true);
    expect(responseTime.total.response_time).toBeLessThan(60);
  });
});
