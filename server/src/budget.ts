import type { FastifyBaseLogger } from 'fastify';
import { createTokenBucket, type RateSettings } from '../../core/tokenBucket.ts';

/**
 * The app's one rate budget toward the marketplace (which limits calls per app, not per seller): every
 * upstream call waits here for a permit (upstream.ts). Permits come from a token bucket — this process's own
 * on the embedded store, or one shared by every instance in PostgreSQL (store/budget.ts), leased a few at a
 * time — and go out in priority order: a person waiting at a page, then bulk jobs, then the background
 * (the notification worker, missed-feeds recovery, backfills). Within a priority, accounts take turns
 * (round-robin over each account's queue), so one busy account or one big job cannot starve the others.
 */
const priorities = ['interactive', 'bulk', 'background'] as const;
export type Priority = (typeof priorities)[number];

/** Who is asking: the priority and the seller account whose turn a call takes. */
export interface Turn {
  priority: Priority;
  account: string;
}

/**
 * The longest each priority waits. A person at a page gets 429 rate_budget rather than a page hanging over
 * 5 s. A bulk job and the background have no one waiting on each call: they wait their turn rather than
 * spend their own retries on the budget, and their runners bound how many of their calls wait at once (a
 * job's few in flight, one worker and one recovery loop per instance).
 */
const waitLimits: Record<Priority, number> = { interactive: 5_000, bulk: Infinity, background: Infinity };
/** Leased permits not used within this long are dropped, so an instance cannot save them up into a burst. */
const leaseMs = 1_000;
/** A marketplace 429 without Retry-After pauses the budget this long. */
const defaultPauseMs = 2_000;

/** Refused without being sent: the wait would pass `maxWaitMs`. */
export class RateBudgetExceeded extends Error {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    super('The marketplace rate budget is spent for now');
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/** Where permits come from. */
export interface PermitSource {
  /** Permits taken at once: 1 in process; a few from the store (one write per chunk, not per call). */
  chunk: number;
  /**
   * Takes up to `wanted` permits: how many, how many are left after them (an estimate for the next calls),
   * and when none were granted, how long until it is worth asking again.
   */
  take(wanted: number): Promise<{ granted: number; left: number; waitMs: number }>;
  /** No permits for anyone for `ms`, and an empty bucket after it (the marketplace answered 429). */
  pause(ms: number): Promise<void>;
}

/** A token bucket in this process: the embedded store has one process, so its budget is here. */
export function localPermits(rate: RateSettings, now: () => number = Date.now): PermitSource {
  const bucket = createTokenBucket(rate, now);
  return {
    chunk: 1,
    async take(wanted) {
      const granted = bucket.take(wanted);
      return { granted, left: bucket.left(), waitMs: granted > 0 ? 0 : bucket.msUntil() };
    },
    async pause(ms) {
      bucket.emptyUntil(now() + ms);
    },
  };
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function createRateBudget(options: {
  source: PermitSource;
  rate: RateSettings;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
}) {
  const { source, rate, log, now = Date.now } = options;
  /** Per priority, each account's waiting calls; the Map's order is the round (the head goes next). */
  const queues = new Map(priorities.map((priority) => [priority, new Map<string, Waiter[]>()]));
  let waiting = 0;
  let held = 0;
  let heldUntil = 0;
  /** What the source last said it had left, and when: extrapolated at the rate to estimate waits. */
  let known = { left: rate.burst, at: now() };
  /** This instance's own pause after a 429, whether or not the store took it for the others. */
  let pausedUntil = 0;
  let pumping = false;

  /** The next call to go: the highest priority's head account, which then goes to the back of its round. */
  function next(): Waiter | undefined {
    for (const accounts of queues.values()) {
      for (const [account, calls] of accounts) {
        const waiter = calls.shift()!;
        accounts.delete(account);
        if (calls.length > 0) accounts.set(account, calls);
        return waiter;
      }
    }
    return undefined;
  }

  /** How long a new call of `turn` would wait: the calls that go before it, at the rate, after any pause or empty spell. */
  function estimateMs({ priority, account }: Turn): number {
    let ahead = 0;
    for (const [name, accounts] of queues) {
      const own = accounts.get(account)?.length ?? 0;
      for (const calls of accounts.values()) ahead += name === priority ? Math.min(calls.length, own + 1) : calls.length;
      if (name === priority) break;
    }
    const at = now();
    const refilled = Math.max(0, Math.min(rate.burst, known.left + ((at - known.at) / 1000) * rate.perSecond));
    const spare = (at < heldUntil ? held : 0) + refilled;
    return Math.max(0, pausedUntil - at) + (Math.max(0, ahead + 1 - spare) / rate.perSecond) * 1000;
  }

  function remove(turn: Turn, waiter: Waiter): boolean {
    const accounts = queues.get(turn.priority)!;
    const calls = accounts.get(turn.account);
    const at = calls?.indexOf(waiter) ?? -1;
    if (!calls || at < 0) return false;
    calls.splice(at, 1);
    if (calls.length === 0) accounts.delete(turn.account);
    waiting--;
    return true;
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting > 0) {
        if (now() >= heldUntil) held = 0;
        if (now() < pausedUntil) {
          await new Promise((resolve) => setTimeout(resolve, pausedUntil - now()));
          continue;
        }
        if (held === 0) {
          const { granted, left, waitMs } = await source.take(source.chunk);
          // Empty (or paused by another instance): counted as nothing until the wait is over, conservatively.
          known = granted > 0 ? { left, at: now() } : { left: 0, at: now() + waitMs };
          if (granted === 0) {
            await new Promise((resolve) => setTimeout(resolve, Math.max(1, waitMs)));
            continue;
          }
          held = granted;
          heldUntil = now() + leaseMs;
        }
        const waiter = next();
        if (!waiter) break;
        waiting--;
        held--;
        clearTimeout(waiter.timer);
        waiter.resolve();
      }
    } catch (error) {
      // The shared bucket cannot be read (the store is down): the calls waiting fail as the store's callers do.
      for (let waiter = next(); waiter; waiter = next()) {
        waiting--;
        clearTimeout(waiter.timer);
        waiter.reject(error);
      }
    } finally {
      pumping = false;
    }
  }

  return {
    /**
     * Resolves when the call may go; rejects with RateBudgetExceeded at once when its wait is estimated at
     * its priority's limit or more, or when the limit passes first (calls of a higher priority came in meanwhile).
     */
    acquire(turn: Turn): Promise<void> {
      const limit = waitLimits[turn.priority];
      const estimate = estimateMs(turn);
      if (estimate >= limit) return Promise.reject(new RateBudgetExceeded(estimate));
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve, reject, timer: undefined };
        if (Number.isFinite(limit)) {
          waiter.timer = setTimeout(() => {
            if (remove(turn, waiter)) reject(new RateBudgetExceeded(estimateMs(turn)));
          }, limit);
        }
        const accounts = queues.get(turn.priority)!;
        const calls = accounts.get(turn.account);
        if (calls) calls.push(waiter);
        else accounts.set(turn.account, [waiter]);
        waiting++;
        void pump();
      });
    },

    /**
     * The marketplace answered 429: everyone waits its Retry-After (on every instance, through the shared
     * bucket), and calls resume at the rate, not in a burst, instead of each caller retrying on its own.
     */
    async slowDown(retryAfterMs: number | undefined): Promise<void> {
      const ms = retryAfterMs ?? defaultPauseMs;
      held = 0;
      pausedUntil = Math.max(pausedUntil, now() + ms);
      known = { left: 0, at: pausedUntil };
      // This instance pauses anyway; the others hear of it when the store answers again.
      await source.pause(ms).catch((error: unknown) => log.warn({ err: error }, 'rate budget pause not shared'));
    },
  };
}

export type RateBudget = ReturnType<typeof createRateBudget>;
