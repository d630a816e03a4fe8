import { Agent, request, type Dispatcher } from 'undici';
import type { RateBudget, Turn } from './budget.ts';

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  payload: Buffer;
}

export interface UpstreamRequest {
  method?: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: Buffer | undefined;
  /** From when the call leaves, not from when it started waiting for its turn. */
  timeoutMs: number;
}

/**
 * Who a call is for, and what runs once its turn has come. The API door's calls are `interactive` with the
 * account being served; the worker's and the missed-feeds recovery's `background`. A bulk job (the stock bulk
 * apply, a backfill) calls with `{ priority: 'bulk', account: job.accountId }`: its calls go after people
 * waiting at a page and before the background, taking turns with other accounts' jobs, and wait as long as
 * their turn takes (never refused by the budget). With core/stockLocations.ts's ports that is
 * `schedule: async () => {}` (the call itself waits its turn) and a `readStock` over `upstream.call`, whose
 * 429 and 5xx answers are its `retryLater`.
 */
export interface UpstreamCall extends Turn {
  /** Runs after the call's turn came and before it is sent (the door's audit attempt): a refused call leaves none. */
  ready?: () => Promise<void>;
}

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined when absent or unreadable. */
function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  if (typeof value !== 'string') return undefined;
  const seconds = Number(value);
  if (value.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The one client toward the marketplace's API: every call waits for the app's rate budget (budget.ts), and a
 * 429 from the marketplace pauses the budget for everyone by its Retry-After. The call's answer, 429 included,
 * is still the caller's to handle. (The OAuth token endpoint and `/users/me` of a sign-in go through
 * marketplace.ts: a few calls per sign-in, which must not queue behind the API's.)
 */
export function createUpstream(deps: { budget: RateBudget; connectTimeoutMs: number }) {
  const agent = new Agent({ connect: { timeout: deps.connectTimeoutMs } });
  return {
    async call(url: URL | string, init: UpstreamRequest, as: UpstreamCall): Promise<UpstreamAnswer> {
      await deps.budget.acquire(as);
      await as.ready?.();
      const response = await request(url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        body: init.body,
        dispatcher: agent,
        signal: AbortSignal.timeout(init.timeoutMs),
      });
      const payload = Buffer.from(await response.body.arrayBuffer());
      if (response.statusCode === 429) await deps.budget.slowDown(retryAfterMs(response.headers['retry-after']));
      return { status: response.statusCode, headers: response.headers, payload };
    },
    close: () => agent.close(),
  };
}

export type Upstream = ReturnType<typeof createUpstream>;
