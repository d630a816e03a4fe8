import { describe, expect, it } from 'vitest';
import { otherSeller, demoSeller } from './core';
import { computeResponseTime, responseTimeAsOf, salesPercentIncrease, slotOf } from './response-time';
import { minutes, question, siteTime } from './response-time.fixtures';

// The snapshot of Wednesday 2026-11-18, 00:00 site time; Monday 16th and the weekend 14th–15th precede it.
const asOf = siteTime('2026-11-18T00:00');
const compute = (...records: Parameters<typeof question>[]) =>
  computeResponseTime(
    records.map((r) => question(...r)),
    demoSeller.id,
    asOf,
  );
const week = minutes(7 * 24 * 60);

describe('response time: refreshed once a day', () => {
  it('is a snapshot as of 00:00 of the current day in the site time zone (UTC−03:00)', () => {
    expect(responseTimeAsOf(siteTime('2026-11-18T00:00'))).toBe(asOf);
    expect(responseTimeAsOf(siteTime('2026-11-18T23:59'))).toBe(asOf);
    expect(responseTimeAsOf(Date.parse('2026-11-18T02:59:00Z'))).toBe(siteTime('2026-11-17T00:00'));
  });

  it('leaves out questions asked after the snapshot and answers given after it', () => {
    const created = siteTime('2026-11-17T20:00');
    const answeredToday = computeResponseTime([question(created, { answeredAfter: 300 })], demoSeller.id, asOf);
    // Answered at 01:00 today: as of 00:00 it was still waiting (4 h).
    expect(answeredToday?.total.response_time).toBe(240);
    expect(computeResponseTime([question(asOf, { answeredAfter: 5 })], demoSeller.id, asOf)).toBeNull();
  });
});

describe('response time: time slots by creation time in the site time zone', () => {
  it.each([
    ['Monday 00:00', null, '2026-11-16T00:00'],
    ['Monday 08:59', null, '2026-11-16T08:59'],
    ['Monday 09:00', 'weekdays_working_hours', '2026-11-16T09:00'],
    ['Monday 17:59', 'weekdays_working_hours', '2026-11-16T17:59'],
    ['Monday 18:00', 'weekdays_extra_hours', '2026-11-16T18:00'],
    ['Monday 23:59', 'weekdays_extra_hours', '2026-11-16T23:59'],
    ['Friday 23:59', 'weekdays_extra_hours', '2026-11-13T23:59'],
    ['Saturday 00:00', 'weekend', '2026-11-14T00:00'],
    ['Saturday 10:00', 'weekend', '2026-11-14T10:00'],
    ['Sunday 23:59', 'weekend', '2026-11-15T23:59'],
  ] as const)('a question asked on %s (site time) belongs to %s (null: only to the total)', (_day, slot, local) => {
    expect(slotOf(siteTime(local))).toBe(slot);
  });

  it('uses site time, not UTC: Monday 20:00 UTC is 17:00 working hours in Argentina', () => {
    expect(slotOf(Date.parse('2026-11-16T20:00:00Z'))).toBe('weekdays_working_hours');
    expect(slotOf(Date.parse('2026-11-17T02:00:00Z'))).toBe('weekdays_extra_hours');
  });

  it('averages each slot separately; total covers every question, weekdays 00–09 included', () => {
    expect(
      compute(
        [siteTime('2026-11-16T08:59'), { answeredAfter: 100 }],
        [siteTime('2026-11-16T09:00'), { answeredAfter: 10 }],
        [siteTime('2026-11-16T17:59'), { answeredAfter: 30 }],
        [siteTime('2026-11-16T18:00'), { answeredAfter: 90 }],
        [siteTime('2026-11-14T12:00'), { answeredAfter: 200 }],
      ),
    ).toEqual({
      user_id: demoSeller.id,
      total: { response_time: 86 },
      weekdays_working_hours: { response_time: 20, sales_percent_increase: null },
      weekdays_extra_hours: { response_time: 90, sales_percent_increase: 3 },
      weekend: { response_time: 200, sales_percent_increase: 10 },
    });
  });

  it('answers 0 minutes and no sales increase for a slot without questions', () => {
    const result = compute([siteTime('2026-11-16T10:00'), { answeredAfter: 15 }]);
    expect(result?.weekend).toEqual({ response_time: 0, sales_percent_increase: null });
    expect(result?.weekdays_extra_hours).toEqual({ response_time: 0, sales_percent_increase: null });
  });
});

describe('response time: only the last 14 days count', () => {
  it('counts a question asked exactly 14 days before the snapshot and not one a minute earlier', () => {
    const edge = asOf - minutes(14 * 24 * 60);
    expect(compute([edge, { answeredAfter: 10 }], [edge - minutes(1), { answeredAfter: 1000 }])?.total.response_time).toBe(10);
  });

  it('has nothing to report when every question is older than 14 days', () => {
    expect(compute([asOf - minutes(15 * 24 * 60), { answeredAfter: 10 }])).toBeNull();
  });
});

describe('response time: only the first question a buyer asked about an item counts', () => {
  const monday = siteTime('2026-11-16T10:00');

  it('ignores the same buyer’s later questions on the same item', () => {
    const result = compute([monday, { buyer: 7, answeredAfter: 10 }], [monday + minutes(60), { buyer: 7, answeredAfter: 500 }]);
    expect(result?.total.response_time).toBe(10);
  });

  it('counts the same buyer on another item and another buyer on the same item', () => {
    const result = compute(
      [monday, { buyer: 7, answeredAfter: 10 }],
      [monday, { buyer: 7, item: 'MLA1400000002', answeredAfter: 20 }],
      [monday, { buyer: 8, answeredAfter: 30 }],
    );
    expect(result?.total.response_time).toBe(20);
  });

  it('keeps a later question out even when the first one left the window', () => {
    expect(compute([asOf - minutes(20 * 24 * 60), { buyer: 7, answeredAfter: 5 }], [monday, { buyer: 7, answeredAfter: 10 }])).toBeNull();
  });

  it('breaks a tie in creation time by the lower question id', () => {
    const result = compute([monday, { buyer: 7, id: 902, answeredAfter: 50 }], [monday, { buyer: 7, id: 901, answeredAfter: 10 }]);
    expect(result?.total.response_time).toBe(10);
  });

  it('lets the buyer’s next question count when the first was moderated (BANNED)', () => {
    const result = compute([monday, { buyer: 7, status: 'BANNED' }], [monday + minutes(5), { buyer: 7, answeredAfter: 40 }]);
    expect(result?.total.response_time).toBe(40);
  });
});

describe('response time: unanswered questions count with their waiting time, capped at a week', () => {
  it('counts an unanswered question with its waiting time up to the snapshot', () => {
    expect(compute([asOf - minutes(2 * 24 * 60)])?.total.response_time).toBe(2 * 24 * 60);
  });

  it('caps the waiting time at one week', () => {
    expect(compute([asOf - minutes(10 * 24 * 60)])?.total.response_time).toBe(week / 60_000);
  });

  it('treats UNDER_REVIEW and CLOSED_UNANSWERED without an answer as waiting', () => {
    const result = compute([asOf - minutes(60), { status: 'UNDER_REVIEW' }], [asOf - minutes(120), { status: 'CLOSED_UNANSWERED' }]);
    expect(result?.total.response_time).toBe(90);
  });

  it('does not cap answered questions: the spec caps only the unanswered', () => {
    expect(compute([asOf - minutes(13 * 24 * 60), { answeredAfter: 8 * 24 * 60 }])?.total.response_time).toBe(8 * 24 * 60);
  });
});

describe('response time: which questions count', () => {
  const monday = siteTime('2026-11-16T10:00');

  it('leaves out BANNED, DELETED and DISABLED questions', () => {
    const result = compute(
      [monday, { answeredAfter: 10 }],
      [monday, { status: 'BANNED', answeredAfter: 999 }],
      [monday, { status: 'DELETED' }],
      [monday, { status: 'DISABLED' }],
    );
    expect(result?.total.response_time).toBe(10);
  });

  it('counts only the queried seller’s questions; a seller without questions has no resource', () => {
    const records = [question(monday, { answeredAfter: 10 }), question(monday, { seller: otherSeller.id + 1, answeredAfter: 70 })];
    expect(computeResponseTime(records, demoSeller.id, asOf)?.total.response_time).toBe(10);
    expect(computeResponseTime(records, otherSeller.id, asOf)).toBeNull();
    expect(computeResponseTime([], demoSeller.id, asOf)).toBeNull();
  });
});

describe('response time: averages in whole minutes', () => {
  it('rounds the mean to the nearest minute, halves up', () => {
    const monday = siteTime('2026-11-16T10:00');
    expect(compute([monday, { answeredAfter: 1 }], [monday, { answeredAfter: 2 }])?.total.response_time).toBe(2);
    expect(compute([monday, { answeredAfter: 1 }], [monday, { answeredAfter: 1.9 }])?.total.response_time).toBe(1);
  });
});

describe('response time: sales_percent_increase only above 60 minutes', () => {
  it.each([
    [0, null],
    [60, null],
    [61, 1],
    [90, 3],
    [120, 6],
    [240, 11],
    [1440, 25],
    [10080, 41],
  ])('a slot averaging %i minutes projects %s %%', (average, increase) => {
    expect(salesPercentIncrease(average)).toBe(increase);
  });

  it('decides on the rounded average: 60.4 minutes is 60 and has no projection', () => {
    const result = compute([siteTime('2026-11-16T10:00'), { answeredAfter: 60.4 }]);
    expect(result?.weekdays_working_hours).toEqual({ response_time: 60, sales_percent_increase: null });
    expect(result?.total).toEqual({ response_time: 60 });
  });
});
