import { demoSeller, otherSeller, seedItems, type Seller } from './core';
import { createRandom } from './random';
import type { SeedContext, SeedName } from './context';
import { seedQuestions, type QuestionsState } from './questions';
import { seedStock, type StockState } from './stock';
import { seedCategories, type CategoriesState } from './categories';
import { seedFulfillment, type FulfillmentState } from './fulfillment';
import { seedCredits, type CreditsState } from './credits';

export type { SeedContext, SeedName };

/** Behaviour switches for demos and tests: latency, injected failures, per-minute rate limits. */
export interface DbConfig {
  latencyMs: number;
  /** Probability (0..1) that any request fails with 500 internal_error. */
  failRate: number;
  /** One-off failures: the next `times` requests matching method and path fail as described. */
  failures: Failure[];
  /** Requests per minute allowed per rate-limited route (e.g. operations search). */
  rateLimitPerMinute: number;
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

export interface Db extends SeedContext {
  config: DbConfig;
  /** Milliseconds added to the real clock, so tests can move time forward (scroll expiry, age). */
  clockOffset: number;
  sellers: Seller[];
  questions: QuestionsState;
  stock: StockState;
  categories: CategoriesState;
  fulfillment: FulfillmentState;
  credits: CreditsState;
}

export function currentTime(db: Db): number {
  return Date.now() + db.clockOffset;
}

export function createDb(seed: SeedName = 'default', config: Partial<DbConfig> = {}): Db {
  const random = createRandom(seed === 'large' ? 4242 : 2026);
  const items = new Map(seedItems(random, demoSeller.id).map((item) => [item.id, item]));
  const context: SeedContext = { seed, random, now: Date.now(), seller: demoSeller, otherSeller, items };
  return {
    ...context,
    config: { latencyMs: 0, failRate: 0, failures: [], rateLimitPerMinute: 120, ...config },
    clockOffset: 0,
    sellers: [demoSeller, otherSeller],
    questions: seedQuestions(context),
    stock: seedStock(context),
    categories: seedCategories(context),
    fulfillment: seedFulfillment(context),
    credits: seedCredits(context),
  };
}
