import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Claimed, ItemCategory, NewEntry, Review, Topic } from './store/activity.ts';
import type { Store } from './store/store.ts';
import { keepQuestion, questionRead } from './answerCopy.ts';
import { claimLoop } from './claimLoop.ts';
import { checkLowStock } from './lowStock.ts';
import { totalAvailable } from '../../core/lowStock.ts';
import { SignedOut, type Tokens } from './tokens.ts';
import type { Upstream } from './upstream.ts';

/** A read the worker may try again later: the marketplace failed (5xx, 429) or could not be reached. */
class Retry extends Error {}
/** A notification that gives nothing to show: no account can read it, or the marketplace refuses the read. */
class Drop extends Error {}

/**
 * Claimed together (with the others pending for the same resources), then read `readsInFlight` resources at
 * a time: the rate budget, not this loop, sets the pace, and a batch leaves the rest to other instances.
 */
const batchSize = 16;
const readsInFlight = 4;
/** A claimed notification is another worker's again after this long (its claimer died). */
const leaseMs = 60_000;
/** Due retries and expired leases are looked for this often, besides every new notification. */
const pollMs = 2_000;
const maxAttempts = 12;
const readTimeoutMs = 10_000;
/**
 * Requests one attempt at a notification may send: a recategorization takes six (the item, both categories,
 * both fees, the attributes), a refused token one more each. Anyone can post a notification naming a
 * connected seller, and each read spends that seller's quota; twelve attempts bound one at 120.
 */
const defaultReadsPerNotification = 10;
/** The longest a job waits for the intake to go quiet: under a steady flood the worker still moves on. */
const yieldAtMostMs = 250;
/** How long the intake must have been quiet before a job starts: the arrivals of one burst come this close. */
const settleMs = 20;
/** 5 s, 10 s, 20 s … at most 10 minutes: twelve attempts span about an hour, like the marketplace's own retries. */
const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** (attempts - 1), 10 * 60_000);

interface Read {
  status: number;
  body: unknown;
}

/** Reads `path` as the seller a notification names, within that notification's reads. */
type Reader = (path: string) => Promise<Read>;

// The worker's own schemas, not the browser's (src/api): those are built for the bundler (extensionless
// imports beside `client.ts`, outside this build's rootDir, so server/dist could not run them), and they ask
// for what the pages show (src/api/items.ts requires sale_terms … and lacks status, listing_type_id and
// attributes), where the worker needs only these fields and must not drop a notification over one it never
// reads. Each requires the field naming the resource's seller: a resource that does not say whose it is
// makes no entry.
const sellerId = z.union([z.number().int(), z.string()]).transform(String);
const item = z.object({
  id: z.string(),
  seller_id: sellerId,
  site_id: z.string(),
  title: z.string(),
  category_id: z.string(),
  price: z.number(),
  currency_id: z.string(),
  status: z.string().optional(),
  listing_type_id: z.string().optional(),
  attributes: z.array(z.object({ id: z.string() })).optional(),
});
type Item = z.infer<typeof item>;
const stock = z.object({ id: z.string(), user_id: sellerId, locations: z.array(z.object({ type: z.string(), quantity: z.number() })) });
const operation = z.object({
  id: z.number(),
  seller_id: sellerId,
  inventory_id: z.string().optional(),
  seller_product_id: z.string().optional(),
  type: z.string(),
  detail: z.object({ available_quantity: z.number() }).partial().optional(),
});
const lead = z.object({ id: z.string(), seller_id: sellerId, item_id: z.string(), status: z.string() });
const category = z.object({ path_from_root: z.array(z.object({ name: z.string() })) });
const price = z.object({ listing_type_id: z.string(), sale_fee_amount: z.number() });
const attribute = z.object({ id: z.string(), name: z.string(), tags: z.object({ required: z.boolean().optional() }).loose().optional() });

const kinds = {
  questions: 'question',
  items: 'item',
  'stock-location': 'stock',
  fbm_stock_operations: 'fulfillment-operation',
  'leads-credits': 'credit-lead',
} as const satisfies Record<Topic, NewEntry['kind']>;

/** The id a resource path names (`/questions/5036` → `5036`, `/user-products/U1/stock` → `U1`). */
function resourceId(resource: string): string {
  const parts = resource.split('/').filter(Boolean);
  return (parts[0] === 'user-products' ? parts[1] : parts.at(-1)) ?? '';
}

/**
 * Turns stored notifications into activity entries: claims them, reads `resource` with the seller's token,
 * stores the entry and publishes it. Runs at start (work stored before a restart is done after it), on every
 * new notification (`kick`) and every few seconds for retries.
 */
export function createWorker(deps: {
  store: Store;
  tokens: Tokens;
  upstream: Upstream;
  apiUrl: string;
  log: FastifyBaseLogger;
  /** This instance's name on its claims (INSTANCE_ID). */
  instanceId: string;
  /** The tests' override of `defaultReadsPerNotification`. */
  readsPerNotification?: number | undefined;
}) {
  const { store, tokens, upstream, log, readsPerNotification = defaultReadsPerNotification } = deps;
  // The intake's inserts in flight, and when the last one started.
  let receiving = 0;
  let lastArrival = -Infinity;

  /**
   * Resolves once the intake has been quiet for `settleMs` (no insert in flight or started since), or after
   * `yieldAtMostMs`. The marketplace waits on the intake's answer, on nobody's activity entry: on PGlite (one
   * connection, queries run on this event loop) and under CPU contention, the worker's statements and reads
   * between the inserts of one burst were most of its p99.
   */
  function quiet(): Promise<void> {
    const calm = () => receiving === 0 && performance.now() - lastArrival >= settleMs;
    if (calm()) return Promise.resolve();
    const started = performance.now();
    return new Promise((resolve) => {
      const check = () => (calm() || performance.now() - started >= yieldAtMostMs ? resolve() : setTimeout(check, settleMs / 2));
      setTimeout(check, settleMs / 2);
    });
  }

  /** One read, in the background's turn of the rate budget after people's and bulk jobs' calls. */
  async function get(userId: string, token: string, path: string, budget: { left: number }): Promise<Read> {
    if (budget.left <= 0) throw new Drop(`more than ${readsPerNotification} reads`);
    budget.left--;
    try {
      const answer = await upstream.call(
        `${deps.apiUrl}${path}`,
        { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, timeoutMs: readTimeoutMs },
        { priority: 'background', account: userId },
      );
      const text = answer.payload.toString('utf8');
      if (answer.status >= 500 || answer.status === 429) throw new Retry(`${path} answered ${answer.status}`);
      return { status: answer.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch (error) {
      if (error instanceof Retry) throw error;
      throw new Retry(`${path}: ${error instanceof Error ? ((error as { code?: string }).code ?? error.name) : 'failed'}`);
    }
  }

  /** Reads with the seller account's token, refreshed as the API door does (once on a 401). */
  async function readAs(userId: string, path: string, budget: { left: number }): Promise<Read> {
    try {
      let token = await tokens.accessToken(userId);
      let answer = await get(userId, token, path, budget);
      if (answer.status === 401) {
        token = await tokens.accessToken(userId, token);
        answer = await get(userId, token, path, budget);
        if (answer.status === 401) await tokens.refused(userId, token);
      }
      if (answer.status !== 401) return answer;
    } catch (error) {
      if (!(error instanceof SignedOut)) throw error;
    }
    throw new Drop('the account is not connected or needs a new sign-in');
  }

  function parse<T>(schema: z.ZodType<T>, answer: Read, path: string): T {
    if (answer.status !== 200) throw new Drop(`${path} answered ${answer.status}`);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new Drop(`${path} answered an unexpected shape`);
    return parsed.data;
  }

  async function categoryPath(read: Reader, categoryId: string): Promise<string[]> {
    const answer = await read(`/categories/${encodeURIComponent(categoryId)}`);
    return answer.status === 404 ? [] : parse(category, answer, 'category').path_from_root.map((node) => node.name);
  }

  /** The sale fee for the item's price and listing type in a category; null when the marketplace names none. */
  async function saleFee(read: Reader, found: Item, categoryId: string): Promise<number | null> {
    if (!found.listing_type_id) return null;
    const query = new URLSearchParams({ price: String(found.price), category_id: categoryId, listing_type_id: found.listing_type_id });
    const answer = await read(`/sites/${encodeURIComponent(found.site_id)}/listing_prices?${query}`);
    if (answer.status !== 200) return null;
    // One object when listing_type_id is given (the public API), an array of every type otherwise: both read.
    const prices = z.array(price).safeParse(Array.isArray(answer.body) ? answer.body : [answer.body]);
    return prices.success ? (prices.data.find((p) => p.listing_type_id === found.listing_type_id)?.sale_fee_amount ?? null) : null;
  }

  async function review(read: Reader, found: Item, previous: string): Promise<Review> {
    const [fromPath, toPath, fromFee, toFee, required] = await Promise.all([
      categoryPath(read, previous),
      categoryPath(read, found.category_id),
      saleFee(read, found, previous),
      saleFee(read, found, found.category_id),
      read(`/categories/${encodeURIComponent(found.category_id)}/attributes`),
    ]);
    const has = new Set((found.attributes ?? []).map((a) => a.id));
    const attributes = required.status === 200 ? parse(z.array(attribute), required, 'attributes') : [];
    return {
      itemTitle: found.title,
      price: found.price,
      currencyId: found.currency_id,
      listingTypeId: found.listing_type_id ?? '',
      from: { categoryId: previous, path: fromPath, saleFee: fromFee },
      to: { categoryId: found.category_id, path: toPath, saleFee: toFee },
      missingAttributes: attributes.filter((a) => a.tags?.required === true && !has.has(a.id)).map(({ id, name }) => ({ id, name })),
      reviewedAt: null,
    };
  }

  /**
   * The entry for a notification (and the item category to remember), from the marketplace's answer. The
   * notification is only a hint (the marketplace signs nothing, and its `application_id` and seller ids are
   * public): an entry is made only of a resource whose own owner field names the seller, or, on a 404, of
   * one this seller's activity already shows.
   */
  async function build(claimed: Claimed): Promise<{ entry: NewEntry; itemCategory?: ItemCategory }> {
    const { userId, topic, resource } = claimed;
    const id = resourceId(resource);
    const base = { accountId: userId, topic, kind: kinds[topic], resource };
    const budget = { left: readsPerNotification };
    const read: Reader = (path) => readAs(userId, path, budget);
    /**
     * Whose the resource is, by its own field: a question's, item's and credit lead's `seller_id`, a user
     * product's `user_id`, and a fulfillment operation's `seller_id` (the spec lists it on the operation, so
     * its inventory needs no further read).
     */
    const ownedBy = (owner: string) => {
      if (owner !== userId) throw new Drop(`${resource} belongs to another seller`);
    };
    const path =
      topic === 'questions' ? `${resource}?api_version=4` : topic === 'leads-credits' ? `${resource}?seller_id=${userId}` : resource;
    const answer = await read(path);
    if (answer.status === 404) {
      // A 404 says nothing of whose the resource was: anyone can name a made-up id for a connected seller.
      if (!(await store.activity.shownAlive(userId, resource))) throw new Drop(`${resource} answered 404, never shown to this seller`);
      // A deleted question suggests nothing any more, and will never be due.
      if (topic === 'questions') await store.answeredQuestions.forget(userId, Number(id));
      const subject =
        topic === 'questions'
          ? { questionId: Number(id) }
          : topic === 'items'
            ? { itemId: id }
            : topic === 'leads-credits'
              ? { creditId: id }
              : {};
      return { entry: { ...base, subject, facts: { deleted: true, ...(topic === 'questions' && { status: null }) } } };
    }
    switch (topic) {
      case 'questions': {
        const found = parse(questionRead, answer, resource);
        ownedBy(found.seller_id);
        // The copy suggestions rank, and the open questions the due-soon entry watches, follow what it says.
        await keepQuestion(store, userId, found);
        return { entry: { ...base, subject: { questionId: found.id, itemId: found.item_id }, facts: { status: found.status } } };
      }
      case 'items': {
        const found = parse(item, answer, resource);
        ownedBy(found.seller_id);
        const previous = await store.activity.lastCategory(userId, found.id);
        const itemCategory = { accountId: userId, itemId: found.id, categoryId: found.category_id };
        const facts = { title: found.title, status: found.status ?? null };
        if (previous === undefined || previous === found.category_id) {
          return { entry: { ...base, subject: { itemId: found.id }, facts }, itemCategory };
        }
        const entry = {
          ...base,
          kind: 'recategorization' as const,
          subject: { itemId: found.id },
          facts,
          review: await review(read, found, previous),
        };
        return { entry, itemCategory };
      }
      case 'stock-location': {
        const found = parse(stock, answer, resource);
        ownedBy(found.user_id);
        const quantity = totalAvailable(found.locations);
        // A change made elsewhere (a sale, the marketplace's own page) is seen here: its low-stock alert too.
        await checkLowStock(store, { accountId: userId, userProductId: found.id, total: quantity }, (error) =>
          log.error({ err: error }, 'low-stock check failed'),
        );
        return { entry: { ...base, subject: { userProductId: found.id }, facts: { quantity } } };
      }
      case 'fbm_stock_operations': {
        const found = parse(operation, answer, resource);
        ownedBy(found.seller_id);
        const inventoryId = found.inventory_id ?? found.seller_product_id;
        return {
          entry: {
            ...base,
            subject: { operationId: found.id, ...(inventoryId && { inventoryId }) },
            facts: { type: found.type, availableQuantity: found.detail?.available_quantity ?? null },
          },
        };
      }
      case 'leads-credits': {
        const found = parse(lead, answer, resource);
        ownedBy(found.seller_id);
        return { entry: { ...base, subject: { creditId: found.id, itemId: found.item_id }, facts: { status: found.status } } };
      }
    }
  }

  /** Notifications of one resource, done with one read: one entry, or one retry or drop, for them all. */
  async function processResource(group: Claimed[]): Promise<void> {
    const first = group[0]!;
    const ids = group.map((one) => one.id);
    // The group gives up only once each of its notifications has had its attempts.
    const attempts = Math.min(...group.map((one) => one.attempts));
    const about = { notification: first.id, ...(group.length > 1 && { coalesced: group.length }), topic: first.topic, attempts };
    try {
      const { entry, itemCategory } = await build(first);
      const entryId = await store.activity.complete(ids, entry, itemCategory);
      if (entryId) await store.bus.publish({ kind: 'entry', id: entryId });
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'failed';
      // Anything but a refusal is worth another try: a token refresh or the store can fail for a moment too.
      if (!(error instanceof Drop) && attempts < maxAttempts) {
        log.warn({ ...about, reason }, 'notification read failed; retrying later');
        await store.activity.retryAt(ids, new Date(Date.now() + backoffMs(attempts)));
        return;
      }
      log.warn({ ...about, reason }, error instanceof Drop ? 'notification dropped' : 'notification given up');
      await store.activity.complete(ids, undefined);
    }
  }

  /** A claimed batch by resource, in order of each resource's first arrival. */
  function byResource(claimed: Claimed[]): Claimed[][] {
    const groups = new Map<string, Claimed[]>();
    for (const one of claimed) {
      const key = JSON.stringify([one.userId, one.topic, one.resource]);
      groups.set(key, [...(groups.get(key) ?? []), one]);
    }
    return [...groups.values()];
  }

  const loop = claimLoop({
    // A batch at a time, so a resource's notifications are done in order of arrival (a later one waits for
    // the batch reading it); each job lets waiting requests in first: on PGlite (one connection) the intake's
    // insert would otherwise queue behind the worker's statements.
    work: async () => {
      for (;;) {
        await quiet();
        const claimed = await store.activity.claim(batchSize, leaseMs, deps.instanceId);
        if (claimed.length === 0 || loop.stopped()) break;
        const pending = byResource(claimed);
        const next = async (): Promise<void> => {
          const group = pending.shift();
          if (!group) return;
          await new Promise(setImmediate);
          await quiet();
          await processResource(group);
          return next();
        };
        await Promise.all(Array.from({ length: readsInFlight }, next));
      }
    },
    // What this instance claimed before a restart is its own to finish now, not after the lease.
    reclaim: () => store.activity.reclaim(deps.instanceId),
    pollMs,
    log,
    what: 'notifications',
  });

  return {
    kick: loop.kick,
    /** Runs an insert of the intake; the worker starts no job while one is in flight. */
    async receive<T>(insert: () => Promise<T>): Promise<T> {
      receiving++;
      lastArrival = performance.now();
      try {
        return await insert();
      } finally {
        receiving--;
      }
    },
    stop: loop.stop,
  };
}

export type Worker = ReturnType<typeof createWorker>;
