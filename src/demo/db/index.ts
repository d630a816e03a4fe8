import { buyerUser, demoSeller, otherSeller, seedItems, type Seller } from './core';
import { createRandom } from './random';
import type { SeedContext, SeedName } from './context';
import { seedQuestions, type QuestionsState } from './questions';
import { seedStock, type StockState } from './stock';
import { seedCategories, type CategoriesState } from './categories';
import { seedFulfillment, type FulfillmentState } from './fulfillment';
import { seedCreditLeads, type CreditLeadsState } from './credit-leads';
import { seedNotifications, type NotificationsState } from './notifications';
import { emptyTraffic, type Traffic } from '../chaos';

export type { SeedName };

/** Behaviour switches for demos and tests: latency, injected failures, per-minute rate limits. */
export interface DbConfig {
  latencyMs: number;
  /** Extra delay of every user product's stock read (the answer queue's facts must not wait for it). */
  stockDelayMs: number;
  /** Probability (0..1) that a request fails: with 500 internal_error, or as `chaosSeed` picks (src/demo/chaos.ts). */
  failRate: number;
  /** Seeds which requests fail and how (500, 429, malformed JSON, dropped connection, 2 s late); null: all 500. */
  chaosSeed: number | null;
  /** One-off failures: the next `times` requests matching method and path fail as described. */
  failures: Failure[];
  /** Requests per minute allowed per rate-limited route (e.g. operations search). */
  rateLimitPerMinute: number;
  /**
   * Shares (0..1) of the API's writes answered 429 (Retry-After: 1, not applied) and 500 (half of them after the
   * write was applied, so its outcome is unknown to the caller), replayably per write: the stock-in-bulk bench's
   * marketplace (src/demo/chaos.ts). Null: none.
   */
  writeFailures: { rateLimited: number; serverError: number } | null;
}

export interface Failure {
  method: string;
  /** Matched against the path after /api, e.g. "/answers" or "^/questions/\\d+$". */
  path: string;
  times: number;
  /** An HTTP status answered with the spec's error body, or 'network' for no response at all. */
  status: number | 'network';
  error?: string;
  message?: string;
}

/** An access token the OAuth endpoints issued (src/demo/oauth.ts): whose it is and until when it works. */
interface IssuedToken {
  sellerId: number;
  expiresAt: number;
}

export interface Db extends SeedContext {
  config: DbConfig;
  /** What the chaos counted: requests, injected failures, writes (GET /__demo/traffic). */
  traffic: Traffic;
  /** Milliseconds added to the real clock, so tests can move time forward (scroll expiry, age). */
  clockOffset: number;
  /** The marketplace users the API knows by their tokens: the two sellers, and a buyer who sells nothing. */
  sellers: Seller[];
  /** Besides each seller's own token, the API accepts these until they expire (empty without OAuth). */
  accessTokens: Map<string, IssuedToken>;
  questions: QuestionsState;
  stock: StockState;
  categories: CategoriesState;
  fulfillment: FulfillmentState;
  /**
   * Seeds the fulfillment area, if not yet, a slice per task in the browser (its 4,000 operations take a long
   * task at once): handlers that read it wait for this first (src/demo/route.ts).
   */
  prepareFulfillment: () => Promise<void>;
  creditLeads: CreditLeadsState;
  notifications: NotificationsState;
}

export function currentTime(db: Db): number {
  return Date.now() + db.clockOffset;
}

/**
 * The seed, one area per step (in this order: later areas read what earlier ones added). `createDb`
 * runs the steps at once; the browser runs them one task each so the page stays responsive. Fulfillment's
 * operation log and the credit leads, the costliest areas, are seeded when first read instead: most pages
 * never ask for them, and their own random streams and the creation time make them the same whenever that is.
 * `pause` is how the fulfillment area waits between its slices when prepared ahead of a read.
 */
function* seedSteps(seed: SeedName, config: Partial<DbConfig>, pause: () => Promise<void>): Generator<void, Db> {
  const random = createRandom(seed === 'large' ? 4242 : 2026);
  const items = new Map(seedItems(random, demoSeller.id).map((item) => [item.id, item]));
  const context: SeedContext = { seed, random, now: Date.now(), seller: demoSeller, otherSeller, items };
  // The items and the questions in one step were a task of 40 ms at 1x in the browser (GC included).
  yield;
  const questions = seedQuestions(context);
  yield;
  const stock = seedStock(context);
  yield;
  const categories = yield* seedCategories(context);
  const fulfillment = lazyArea(() => seedFulfillment(context), pause);
  let creditLeads: CreditLeadsState | undefined;
  return {
    ...context,
    config: {
      latencyMs: 0,
      stockDelayMs: 0,
      failRate: 0,
      chaosSeed: null,
      failures: [],
      rateLimitPerMinute: 120,
      writeFailures: null,
      ...config,
    },
    traffic: emptyTraffic(),
    clockOffset: 0,
    sellers: [demoSeller, otherSeller, buyerUser],
    accessTokens: new Map(),
    questions,
    stock,
    categories,
    get fulfillment() {
      return fulfillment.read();
    },
    prepareFulfillment: fulfillment.prepare,
    get creditLeads() {
      return (creditLeads ??= seedCreditLeads(context));
    },
    notifications: seedNotifications(),
  };
}

/**
 * An area seeded by the steps of `seed` on first read, at once; or ahead of it by `prepare`, one step at a time
 * with `pause` between (several callers may prepare it at once: each advances the same steps).
 */
function lazyArea<T>(seed: () => Generator<void, T>, pause: () => Promise<void>) {
  let steps: Generator<void, T> | undefined;
  let value: T | undefined;
  const advance = () => {
    steps ??= seed();
    const step = steps.next();
    if (step.done) value = step.value;
  };
  return {
    read(): T {
      while (value === undefined) advance();
      return value;
    },
    async prepare(): Promise<void> {
      while (value === undefined) {
        advance();
        if (value === undefined) await pause();
      }
    },
  };
}

/** Resolves in a later task, so that the browser can paint and answer between the simulator's steps. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createDb(seed: SeedName = 'default', config: Partial<DbConfig> = {}): Db {
  // Nothing to keep responsive in Node: an area prepared ahead is seeded at once.
  const steps = seedSteps(seed, config, () => Promise.resolve());
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** `createDb` yielding to the browser between areas (no long task while the page starts). */
export async function createDbInSlices(seed: SeedName = 'default', config: Partial<DbConfig> = {}): Promise<Db> {
  const steps = seedSteps(seed, config, nextTask);
  for (;;) {
    // The first step too: the caller has just run the simulator's modules, a task of their own.
    await nextTask();
    const step = steps.next();
    if (step.done) return step.value;
  }
}
