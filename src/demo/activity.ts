import { http, HttpResponse, type HttpHandler, type PathParams } from 'msw';
import { defaultAnswerTarget, dueTime, siteTimeZone, urgencyOf, type AnswerTarget } from '../../core/answerTarget.ts';
import { createChaos } from './chaos';
import { currentTime, type Db } from './db';
import { missingRequiredAttributes } from './db/categories';
import type { Item } from './db/core';
import { findOperation } from './db/fulfillment';
import { onChange, type Change } from './db/notifications';
import { settleStock } from './db/stock';
import { listingPrices } from './handlers/categories';
import type { ServerEvents } from './door';
import { demoHistory } from './history';

/**
 * Seller Desk's activity in demo mode (briefs/activity-contract.md): what the server makes of the
 * marketplace's notifications in live mode, made here from the simulator's own db when its handlers report a
 * change, and answered at the server's paths (any origin's root, not /api): `GET /events` (a text/event-stream response,
 * as msw's `sse()` builds one, written out because `sse()` requires an EventSource global that Node and
 * jsdom lack), `GET /activity`, `POST /activity/read`, `POST /activity/:id/reviewed`. Demo mode has one
 * account, the seeded seller, whose entries are answered only of the kinds the role may read (`readable`). With `history` (the browser demo), the activity starts with the days before the
 * demo was opened (src/demo/history.ts), made into entries before the first read and the first live entry; tests
 * start from none, so that they count only what they do.
 */

/** The entry of the contract (the browser reads it with src/api/activity.ts' schema). */
interface ActivityEntry {
  id: string;
  accountId: string;
  topic: Change['topic'];
  kind: 'question' | 'item' | 'recategorization' | 'stock' | 'fulfillment-operation' | 'credit-lead';
  resource: string;
  createdAt: string;
  read: boolean;
  subject: {
    questionId?: number;
    itemId?: string;
    userProductId?: string;
    inventoryId?: string;
    operationId?: number;
    creditId?: string;
  };
  facts: Record<string, string | number | boolean | null>;
  review?: {
    itemTitle: string;
    price: number;
    currencyId: string;
    listingTypeId: string;
    from: CategorySide;
    to: CategorySide;
    missingAttributes: { id: string; name: string }[];
    reviewedAt: string | null;
  };
}

interface CategorySide {
  categoryId: string;
  path: string[];
  saleFee: number | null;
}

type Described = Pick<ActivityEntry, 'kind' | 'subject' | 'facts' | 'review'>;

// The contract: a page of 50 by default; a heartbeat every 15 s keeps proxies and the browser from closing the stream.
const defaultLimit = 50;
const maxLimit = 100;
const pingMs = 15_000;
const dueSoonEveryMs = 3_000;
const streamHeaders = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

const lastSegment = (resource: string, index = -1) => resource.split('/').at(index) ?? '';

function categorySide(db: Db, item: Item, categoryId: string): CategorySide {
  const category = db.categories.categories.get(categoryId);
  if (!category) return { categoryId, path: [], saleFee: null };
  const [price] = listingPrices(category.site, item.price, category, item.listing_type_id);
  return { categoryId, path: category.resource.path_from_root.map((step) => step.name), saleFee: price?.sale_fee_amount ?? null };
}

/** What one change is about, read from the db as the server reads the resource. */
function describe(db: Db, change: Change, lastCategory: Map<string, string>): Described {
  const { resource } = change;
  switch (change.topic) {
    case 'questions': {
      const questionId = Number(lastSegment(resource));
      const question = db.questions.byId.get(questionId);
      return question
        ? { kind: 'question', subject: { questionId, itemId: question.item_id }, facts: { status: question.status } }
        : { kind: 'question', subject: { questionId }, facts: { status: null, deleted: true } };
    }
    case 'items': {
      const itemId = lastSegment(resource);
      const item = db.items.get(itemId);
      if (!item) return { kind: 'item', subject: { itemId }, facts: { deleted: true } };
      const before = lastCategory.get(itemId);
      lastCategory.set(itemId, item.category_id);
      const facts = { itemTitle: item.title };
      if (before === undefined || before === item.category_id) return { kind: 'item', subject: { itemId }, facts };
      const to = db.categories.categories.get(item.category_id);
      return {
        kind: 'recategorization',
        subject: { itemId },
        facts,
        review: {
          itemTitle: item.title,
          price: item.price,
          currencyId: item.currency_id,
          listingTypeId: item.listing_type_id,
          from: categorySide(db, item, before),
          to: categorySide(db, item, item.category_id),
          missingAttributes: to ? missingRequiredAttributes(to, item) : [],
          reviewedAt: null,
        },
      };
    }
    case 'stock-location': {
      const userProductId = lastSegment(resource, -2);
      const record = db.stock.userProducts.get(userProductId);
      if (record) settleStock(record, db.items, currentTime(db));
      const total = record?.locations.reduce((sum, location) => sum + location.quantity, 0) ?? null;
      return { kind: 'stock', subject: { userProductId }, facts: { total } };
    }
    case 'fbm_stock_operations': {
      const operationId = Number(lastSegment(resource));
      const operation = findOperation(db.fulfillment, operationId);
      return {
        kind: 'fulfillment-operation',
        subject: { operationId, ...(operation && { inventoryId: operation.inventory_id }) },
        facts: { type: operation?.type ?? null },
      };
    }
    case 'leads-credits': {
      const creditId = lastSegment(resource);
      const lead = db.creditLeads.live.find((candidate) => candidate.id === creditId);
      return { kind: 'credit-lead', subject: { creditId, ...(lead && { itemId: lead.item_id }) }, facts: { status: lead?.status ?? null } };
    }
  }
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

interface ResolverInfo {
  request: Request;
  params: PathParams;
}

const badRequest = (message: string) => HttpResponse.json({ error: 'bad_request', message }, { status: 400 });

export function createActivityHandlers(
  db: Db,
  {
    history = false,
    serverEvents,
    readable,
    answerTarget = () => defaultAnswerTarget,
  }: {
    history?: boolean;
    serverEvents?: ServerEvents;
    /** The kinds the person may read (core/permissions.ts's readableKinds of the role, See as included); all without. */
    readable?: () => readonly ActivityEntry['kind'][];
    /** The account's response-time target as the door keeps it (`PUT /account/settings`), for the due-soon entry. */
    answerTarget?: () => AnswerTarget;
  } = {},
): HttpHandler[] {
  const account = String(db.seller.id);
  const entries: ActivityEntry[] = [];
  const streams = new Set<(entry: ActivityEntry) => void>();
  // The simulator knows every item's category from the start (the server learns them from its reads).
  const lastCategory = new Map([...db.items.values()].map((item) => [item.id, item.category_id]));
  const isoNow = () => new Date(currentTime(db)).toISOString();
  // The server's reads and writes fail as the API's do under the demo's chaos; the stream is left alone.
  const withChaos = createChaos(db);
  const chaotic = (answer: (info: ResolverInfo) => Response | Promise<Response>) => (info: ResolverInfo) =>
    withChaos(info.request, new URL(info.request.url).pathname, async () => answer(info));

  function record(change: Change, createdAt: string, read: boolean): ActivityEntry {
    const entry: ActivityEntry = {
      id: String(entries.length + 1),
      accountId: String(change.userId),
      topic: change.topic,
      resource: change.resource,
      createdAt,
      read,
      ...describe(db, change, lastCategory),
    };
    entries.push(entry);
    return entry;
  }

  // Made after lastCategory: the history moves an item at once, which the activity knew in its former category.
  let past = history ? demoHistory(db) : null;
  /** The history's entries, once, before any other. */
  function replay(): void {
    const pending = past;
    past = null;
    pending?.((change, at, read) => record(change, new Date(at).toISOString(), read));
  }
  /** Before a read: the history replayed, after the fulfillment area it reads was prepared (in slices in the browser). */
  async function ready(): Promise<void> {
    if (past) await db.prepareFulfillment();
    replay();
  }
  // The account's entries the role may read, as the server filters /activity, /events and the unread count.
  const mine = (entry: ActivityEntry) => entry.accountId === account && (readable?.().includes(entry.kind) ?? true);
  const own = () => entries.filter(mine);

  onChange(db.notifications, (change) => {
    replay();
    const entry = record(change, isoNow(), false);
    for (const send of streams) send(entry);
  });

  // The server's due-soon entry (server/src/dueSoon.ts): once per unanswered question, when it comes within the
  // due-soon window of the target; one already overdue when first looked at is passed over quietly.
  const looked = new Set<number>();
  function warnDueSoon(): void {
    const timeZone = siteTimeZone(db.seller.site_id);
    for (const question of db.questions.byId.values()) {
      if (question.seller_id !== db.seller.id || question.status !== 'UNANSWERED' || looked.has(question.id)) continue;
      const due = dueTime(question.date_created, answerTarget(), timeZone);
      const urgency = urgencyOf(due, currentTime(db));
      if (urgency === 'later') continue;
      looked.add(question.id);
      if (urgency === 'overdue') continue;
      replay();
      const entry: ActivityEntry = {
        id: String(entries.length + 1),
        accountId: account,
        topic: 'questions',
        kind: 'question',
        resource: `/questions/${question.id}`,
        createdAt: isoNow(),
        read: false,
        subject: { questionId: question.id, itemId: question.item_id },
        facts: { status: 'UNANSWERED', dueSoon: true, dueAt: new Date(due).toISOString() },
      };
      entries.push(entry);
      for (const send of streams) send(entry);
    }
  }

  function events(request: Request): Response {
    const resumeAfter = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
    const encoder = new TextEncoder();
    let stop = (): void => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        };
        const send = (entry: ActivityEntry) => {
          if (mine(entry)) write(`id: ${entry.id}\nevent: activity\ndata: ${JSON.stringify(entry)}\n\n`);
        };
        // A first comment, so the response starts at once (the fetch behind EventSource waits for a first chunk).
        write(': connected\n\n');
        if (resumeAfter !== null && /^\d+$/.test(resumeAfter))
          own()
            .filter((entry) => Number(entry.id) > Number(resumeAfter))
            .forEach(send);
        streams.add(send);
        // The door's own events (a lead review): not activity entries, so without an id, and never replayed.
        const sendServerEvent = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        serverEvents?.add(sendServerEvent);
        const ping = setInterval(() => write(': ping\n\n'), pingMs);
        // While someone watches: the server looks every 30 s; the demo more often, so a moved clock shows soon.
        const watch = setInterval(warnDueSoon, dueSoonEveryMs);
        stop = () => {
          streams.delete(send);
          serverEvents?.delete(sendServerEvent);
          clearInterval(ping);
          clearInterval(watch);
        };
        request.signal.addEventListener('abort', () => stop());
      },
      cancel: () => stop(),
    });
    return new HttpResponse(body, { headers: streamHeaders });
  }

  return [
    // Not the history: a stream sends what comes after it opened, and resumes after an id it sent (after the history's).
    http.get('*/events', ({ request }) => events(request)),
    http.get(
      '*/activity',
      chaotic(async ({ request }) => {
        await ready();
        const query = new URL(request.url).searchParams;
        const kind = query.get('kind');
        const before = query.get('before');
        const limit = Number(query.get('limit') ?? defaultLimit);
        if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) return badRequest(`limit must be from 1 to ${maxLimit}`);
        const mine = own();
        const listed = mine
          .filter((entry) => (!kind || entry.kind === kind) && (!before || Number(entry.id) < Number(before)))
          .reverse()
          .slice(0, limit);
        return HttpResponse.json({ entries: listed, unread: mine.filter((entry) => !entry.read).length });
      }),
    ),
    http.post(
      '*/activity/read',
      chaotic(async ({ request }) => {
        const body = await jsonBody(request);
        const all = typeof body === 'object' && body !== null && 'all' in body && body.all === true;
        const ids = typeof body === 'object' && body !== null && 'ids' in body && Array.isArray(body.ids) ? body.ids : null;
        if (!all && !ids?.every((id) => typeof id === 'string')) return badRequest('Send {"ids": [...]} or {"all": true}');
        await ready();
        for (const entry of own()) if (all || ids?.includes(entry.id)) entry.read = true;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post(
      '*/activity/:id/reviewed',
      chaotic(async ({ params }) => {
        await ready();
        const entry = own().find((candidate) => candidate.id === params.id);
        if (!entry?.review) return HttpResponse.json({ error: 'not_found', message: 'No recategorization with this id' }, { status: 404 });
        entry.review.reviewedAt ??= isoNow();
        return HttpResponse.json(entry);
      }),
    ),
  ];
}
