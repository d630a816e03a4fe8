/**
 * A seller account's response-time target (issue 51, "A response-time target"): answer within N minutes of working
 * time, shared by the team. Working hours are per weekday in the site's time; outside them the clock stops, as
 * sellers expect of nights and weekends when they set them. The server keeps the target (GET/PUT
 * /account/settings), demo mode's door emulates it, and the pages compute each question's due time with the same
 * `dueTime`. Pure: no clock of its own, `now` is passed in.
 */

/** A working day's hours, minutes from midnight in the site's time: open from `from` until `to`. */
export interface WorkingDay {
  from: number;
  to: number;
}

export interface AnswerTarget {
  /** Minutes of working time a question may wait. */
  targetMinutes: number;
  /** Seven entries, Sunday first; null: not working that day. */
  workingHours: (WorkingDay | null)[];
}

const dayMinutes = 24 * 60;
export const targetMinutesMax = 7 * dayMinutes;

export const defaultAnswerTarget: AnswerTarget = {
  targetMinutes: 60,
  workingHours: Array.from({ length: 7 }, () => ({ from: 0, to: dayMinutes })),
};

/** A question due within this many minutes is "due soon" (the home card's count, the queue's order). */
const dueSoonMinutes = 15;

const isMinute = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= dayMinutes;

/** A target as sent or stored, checked: the target, or what is wrong with it (for the 400's message). */
export function readAnswerTarget(value: unknown): AnswerTarget | { problem: string } {
  if (typeof value !== 'object' || value === null) return { problem: 'Send {"targetMinutes", "workingHours"}' };
  const { targetMinutes, workingHours } = value as Record<string, unknown>;
  if (!Number.isInteger(targetMinutes) || (targetMinutes as number) < 1 || (targetMinutes as number) > targetMinutesMax)
    return { problem: `targetMinutes is a whole number from 1 to ${targetMinutesMax}` };
  if (!Array.isArray(workingHours) || workingHours.length !== 7)
    return { problem: 'workingHours has seven entries, Sunday first, each {"from","to"} or null' };
  const days: (WorkingDay | null)[] = [];
  for (const day of workingHours as unknown[]) {
    if (day === null) {
      days.push(null);
      continue;
    }
    const { from, to } = (typeof day === 'object' ? day : {}) as Record<string, unknown>;
    if (!isMinute(from) || !isMinute(to) || from >= to)
      return { problem: 'Each working day is {"from","to"} in minutes from midnight (0-1440), from before to' };
    days.push({ from, to });
  }
  if (days.every((day) => day === null)) return { problem: 'At least one day has working hours' };
  return { targetMinutes: targetMinutes as number, workingHours: days };
}

/** The time zone a site's sellers keep their hours in (its capital's). */
const siteZones: Record<string, string> = {
  MLA: 'America/Argentina/Buenos_Aires',
  MLB: 'America/Sao_Paulo',
  MLM: 'America/Mexico_City',
  MCO: 'America/Bogota',
  MLC: 'America/Santiago',
  MPE: 'America/Lima',
  MLU: 'America/Montevideo',
  MPY: 'America/Asuncion',
  MEC: 'America/Guayaquil',
  MLV: 'America/Caracas',
  MBO: 'America/La_Paz',
  MCR: 'America/Costa_Rica',
  MPA: 'America/Panama',
  MRD: 'America/Santo_Domingo',
  MGT: 'America/Guatemala',
  MHN: 'America/Tegucigalpa',
  MNI: 'America/Managua',
  MSV: 'America/El_Salvador',
};

export function siteTimeZone(siteId: string): string {
  return siteZones[siteId] ?? 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetMs(instant: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const part = (type: string) => Number(format.formatToParts(instant).find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

const minuteMs = 60_000;
const dayMs = dayMinutes * minuteMs;
/** A target that working hours cannot meet within this many days is not reached (one open hour a week, 7 days' target). */
const searchDays = 7 * 200;

/**
 * When a question asked at `askedAt` is due: `targetMinutes` of working time later, counted only inside the
 * working hours in `timeZone` (asked at night, the clock starts when the day's hours open). Computed on the
 * wall clock of the question's moment; a daylight-saving change in between moves it by that hour at most.
 */
export function dueTime(askedAt: number, target: AnswerTarget, timeZone: string): number {
  const offset = offsetMs(askedAt, timeZone);
  let cursor = askedAt + offset;
  let remaining = target.targetMinutes * minuteMs;
  for (let days = 0; days < searchDays; days++) {
    const dayStart = Math.floor(cursor / dayMs) * dayMs;
    const hours = target.workingHours[new Date(dayStart).getUTCDay()];
    if (hours) {
      const start = Math.max(cursor, dayStart + hours.from * minuteMs);
      const available = dayStart + hours.to * minuteMs - start;
      if (available >= remaining) {
        const wall = start + remaining;
        return wall - offsetMs(wall - offset, timeZone);
      }
      if (available > 0) remaining -= available;
    }
    cursor = dayStart + dayMs;
  }
  return Number.POSITIVE_INFINITY;
}

export type Urgency = 'overdue' | 'dueSoon' | 'later';

export function urgencyOf(due: number, now: number): Urgency {
  if (due <= now) return 'overdue';
  return due - now <= dueSoonMinutes * minuteMs ? 'dueSoon' : 'later';
}
