import { describe, expect, it } from 'vitest';
import { defaultAnswerTarget, dueTime, readAnswerTarget, urgencyOf, type AnswerTarget } from './answerTarget.ts';

const zone = 'America/Argentina/Buenos_Aires';
/** A moment in Buenos Aires (UTC-3, no daylight saving). */
const ar = (wall: string) => Date.parse(`${wall}-03:00`);
const weekdays9to18: AnswerTarget = {
  targetMinutes: 60,
  workingHours: [null, ...Array.from({ length: 5 }, () => ({ from: 9 * 60, to: 18 * 60 })), null],
};

describe('the response-time target', () => {
  it('by default gives an hour, day and night', () => {
    expect(dueTime(ar('2026-12-05T23:30:00'), defaultAnswerTarget, zone)).toBe(ar('2026-12-06T00:30:00'));
  });

  it('stops the clock outside working hours', () => {
    // Friday 4 December 2026, 17:30: half an hour today, half an hour on Monday.
    expect(dueTime(ar('2026-12-04T17:30:00'), weekdays9to18, zone)).toBe(ar('2026-12-07T09:30:00'));
    // Asked on Saturday night: the clock starts on Monday at 9.
    expect(dueTime(ar('2026-12-05T03:00:00'), weekdays9to18, zone)).toBe(ar('2026-12-07T10:00:00'));
    // Asked on a weekday before opening.
    expect(dueTime(ar('2026-12-08T07:10:00'), weekdays9to18, zone)).toBe(ar('2026-12-08T10:00:00'));
    // A target longer than a working day spans days.
    expect(dueTime(ar('2026-12-07T09:00:00'), { ...weekdays9to18, targetMinutes: 10 * 60 }, zone)).toBe(ar('2026-12-08T10:00:00'));
  });

  it('tells overdue and due within 15 minutes', () => {
    const due = ar('2026-12-07T10:00:00');
    expect(urgencyOf(due, due + 1)).toBe('overdue');
    expect(urgencyOf(due, due - 15 * 60_000)).toBe('dueSoon');
    expect(urgencyOf(due, due - 16 * 60_000)).toBe('later');
  });

  it('accepts a target of whole minutes with seven working days, at least one open', () => {
    expect(readAnswerTarget(weekdays9to18)).toEqual(weekdays9to18);
    for (const bad of [
      { ...weekdays9to18, targetMinutes: 0 },
      { ...weekdays9to18, targetMinutes: 1.5 },
      { ...weekdays9to18, workingHours: weekdays9to18.workingHours.slice(1) },
      { ...weekdays9to18, workingHours: [null, { from: 600, to: 540 }, null, null, null, null, null] },
      { ...weekdays9to18, workingHours: Array(7).fill(null) },
      null,
    ])
      expect(readAnswerTarget(bad)).toHaveProperty('problem');
  });
});
