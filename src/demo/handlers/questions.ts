import { HttpResponse } from 'msw';
import { questionStatusSchema, type QuestionStatus, type SortField, type SortType } from '../../api/questions';
import type { Db } from '../db';
import type { Seller } from '../db/core';
import { notify } from '../db/notifications';
import { deletionTime, type QuestionRecord } from '../db/questions';
import { caller, fail, type Route, type RouteContext } from '../route';

/**
 * Demo handlers of the questions area. Choices where the spec says "not shown" (all written down in
 * src/api/questions.ts too): every request error is 400 with the spec's codes where it names one;
 * unknown ids 404 not_found; acting on another seller's question 403 forbidden; the created/answered
 * question comes back in the by-id shape.
 */

/** "2026-03-16T14:45:51.000-04:00": the offset form search results use. */
function offsetTime(ms: number): string {
  return `${new Date(ms - 4 * 3_600_000).toISOString().slice(0, -1)}-04:00`;
}

/** "2026-03-16T18:45:51.123Z": UTC with fractional seconds, as the by-id resource answers. */
const utcTime = (ms: number) => new Date(ms).toISOString();

/** Unanswered questions older than 7 months are gone (judged on the simulator clock). */
function alive(record: QuestionRecord, now: number): boolean {
  return record.status !== 'UNANSWERED' || deletionTime(record.date_created) > now;
}

function present(record: QuestionRecord, time: (ms: number) => string) {
  const banned = record.status === 'BANNED';
  const { contact } = record.from;
  return {
    id: record.id,
    seller_id: record.seller_id,
    item_id: record.item_id,
    status: record.status,
    // BANNED questions (and their answers) come back with empty text.
    text: banned ? '' : record.text,
    date_created: time(record.date_created),
    deleted_from_listing: record.deleted_from_listing,
    hold: record.hold,
    ...(record.suspected_spam === undefined ? {} : { suspected_spam: record.suspected_spam }),
    answer: record.answer
      ? { text: banned ? '' : record.answer.text, status: record.answer.status, date_created: time(record.answer.date_created) }
      : null,
    from: contact ? { id: record.from.id, ...contact } : { id: record.from.id },
  };
}

function presentDetail(record: QuestionRecord) {
  return { ...present(record, utcTime), buyer_id: record.from.id, last_updated: utcTime(record.last_updated), app_id: record.app_id };
}

function findQuestion({ db, now }: RouteContext, rawId: string | undefined): QuestionRecord {
  if (!/^\d+$/.test(rawId ?? '')) fail(400, 'invalid_question', 'The question is invalid');
  const record = db.questions.byId.get(Number(rawId));
  if (!record || !alive(record, now)) fail(404, 'not_found', `Question ${rawId} not found`);
  return record;
}

function integerParam(url: URL, name: string): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) fail(400, 'bad_request', `${name} must be an integer`);
  return Number(raw);
}

const statusNames: Record<QuestionStatus, string> = {
  UNANSWERED: 'Unanswered',
  ANSWERED: 'Answered',
  CLOSED_UNANSWERED: 'Closed unanswered',
  UNDER_REVIEW: 'Under review',
  BANNED: 'Banned',
  DELETED: 'Deleted',
  DISABLED: 'Disabled',
};

// Spec, GET /questions/search: "seller_id or item required … from: asker user id, only with item"; the
// echo of the spec's example shows "limit": 50. The largest page is our choice (not in the spec).
const defaultSearchLimit = 50;
const maxSearchLimit = 100;
const itemIdPattern = /^M[A-Z]{2}\d+$/;
const sortFields: readonly SortField[] = ['item_id', 'seller_id', 'from_id', 'date_created'];
const sortTypes: readonly SortType[] = ['ASC', 'DESC'];
// Spec "Limits": "| Question / answer text | max 2000 characters |".
const textMaxLength = 2000;

function searchProblem(item: string | undefined, sellerId: number | undefined, from: number | undefined, limit: number): string | null {
  if (sellerId === undefined && !item) return 'The search needs item or seller_id';
  if (item && !itemIdPattern.test(item)) return 'Invalid item id';
  if (from !== undefined && !item) return 'from can only be used together with item';
  if (limit < 1 || limit > maxSearchLimit) return `limit must be between 1 and ${maxSearchLimit}`;
  return null;
}

const sortValue: Record<SortField, (q: QuestionRecord) => number | string> = {
  item_id: (q) => q.item_id,
  seller_id: (q) => q.seller_id,
  from_id: (q) => q.from.id,
  date_created: (q) => q.date_created,
};

function search(context: RouteContext) {
  const { db, url, now } = context;
  const me = caller(context);
  const query = url.searchParams;
  const item = query.get('item') ?? query.get('item_id') ?? undefined;
  const sellerId = integerParam(url, 'seller_id');
  const from = integerParam(url, 'from');
  const limit = integerParam(url, 'limit') ?? defaultSearchLimit;
  const offset = integerParam(url, 'offset') ?? 0;
  const status = query.get('status') ?? undefined;
  const problem = searchProblem(item, sellerId, from, limit);
  if (problem) fail(400, 'bad_request', problem);
  if (status && !(questionStatusSchema.options as readonly string[]).includes(status))
    fail(400, 'bad_request', `Invalid status: ${status}`);
  const fields = (query.get('sort_fields') ?? 'date_created').split(',').filter(Boolean);
  for (const field of fields)
    if (!(sortFields as readonly string[]).includes(field)) fail(400, 'bad_request', `Invalid sort field: ${field}`);
  const sortType = (query.get('sort_types') ?? 'DESC').toUpperCase();
  if (!(sortTypes as readonly string[]).includes(sortType)) fail(400, 'bad_request', 'sort_types must be ASC or DESC');

  // Every question in scope except the status filter: the status counts are computed over these.
  const scoped: QuestionRecord[] = [];
  for (const record of db.questions.byId.values()) {
    if (item && record.item_id !== item) continue;
    if (sellerId !== undefined && record.seller_id !== sellerId) continue;
    if (from !== undefined && record.from.id !== from) continue;
    if (db.questions.hidden.has(record.id) || !alive(record, now)) continue;
    scoped.push(record);
  }
  const counts = new Map<string, number>();
  for (const record of scoped) counts.set(record.status, (counts.get(record.status) ?? 0) + 1);
  const matching = status ? scoped.filter((record) => record.status === status) : scoped;
  const direction = sortType === 'ASC' ? 1 : -1;
  const keys = [...(fields as SortField[]), 'date_created' as const];
  matching.sort((a, b) => {
    for (const key of keys) {
      const left = sortValue[key](a);
      const right = sortValue[key](b);
      if (left !== right) return (left < right ? -1 : 1) * direction;
    }
    return (a.id - b.id) * direction;
  });

  return {
    total: matching.length,
    limit,
    questions: matching.slice(offset, offset + limit).map((record) => present(record, offsetTime)),
    filters: {
      limit,
      offset,
      api_version: query.get('api_version') ?? '4',
      is_admin: false,
      sorts: fields.map((field) => `${field} ${sortType}`),
      caller: me.id,
      ...(item ? { item } : {}),
      ...(sellerId !== undefined ? { seller_id: String(sellerId) } : {}),
      ...(status ? { status } : {}),
      ...(from !== undefined ? { from: String(from) } : {}),
    },
    available_filters: [
      { id: 'from', name: 'From user id', type: 'number' },
      { id: 'seller', name: 'Seller id', type: 'number' },
      { id: 'totalDivisions', name: 'Total divisions', type: 'number' },
      { id: 'division', name: 'Division', type: 'number' },
      {
        id: 'status',
        name: 'Status',
        type: 'text',
        values: questionStatusSchema.options.map((value) => ({ id: value, name: statusNames[value], count: counts.get(value) ?? 0 })),
      },
    ],
    available_sorts: ['item_id', 'from_id', 'date_created', 'seller_id'],
  };
}

export async function readBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = (await request.json()) as unknown;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // Not JSON: the same answer as a body without the expected attributes.
  }
  fail(400, 'invalid_post_body', 'Invalid JSON; valid attributes are listed', ['question_id', 'text', 'item_id']);
}

function checkText(text: unknown, attributes: string[]): string {
  if (typeof text !== 'string') fail(400, 'invalid_post_body', 'Invalid JSON; valid attributes are listed', attributes);
  if (text.trim() === '') fail(400, 'invalid_post_body', 'Invalid JSON; valid attributes are listed', attributes);
  if (text.length > textMaxLength) fail(400, 'invalid_text', `The text must have at most ${textMaxLength} characters`);
  return text;
}

function ownQuestion(context: RouteContext, rawId: string | undefined): QuestionRecord {
  const me = caller(context);
  const record = findQuestion(context, rawId);
  if (record.seller_id !== me.id) fail(403, 'forbidden', 'Only the seller of the item can do this');
  return record;
}

function touch(db: Db, record: QuestionRecord, now: number) {
  record.last_updated = now;
  db.questions.byId.set(record.id, record);
}

/** Asked, answered or deleted: the seller's app hears of it. */
function questionChanged(db: Db, record: QuestionRecord) {
  notify(db.notifications, { topic: 'questions', resource: `/questions/${record.id}`, userId: record.seller_id });
}

/**
 * POST /questions as `asker`: the route's caller, or the simulated buyer of the demo-only endpoint.
 */
export async function ask(context: RouteContext, asker: Seller, body: Record<string, unknown>): Promise<Response> {
  const { db, now } = context;
  const attributes = ['item_id', 'text'];
  if (typeof body.item_id !== 'string') fail(400, 'invalid_post_body', 'Invalid JSON; valid attributes are listed', attributes);
  const text = checkText(body.text, attributes);
  const item = db.items.get(body.item_id);
  if (!item) fail(404, 'not_found', `Item ${body.item_id} not found`);
  if (item.seller_id === asker.id) fail(400, 'cannot_ask_own_item', 'A seller cannot ask about their own item');
  const record: QuestionRecord = {
    id: db.questions.nextId,
    seller_id: item.seller_id,
    item_id: item.id,
    status: 'UNANSWERED',
    text,
    date_created: now,
    last_updated: now,
    app_id: 1505,
    deleted_from_listing: false,
    hold: false,
    answer: null,
    from: item.vehicle
      ? {
          id: asker.id,
          contact: {
            first_name: asker.nickname,
            last_name: 'Demo',
            phone: { area_code: '11', number: '45550000' },
            email: `${asker.nickname.toLowerCase()}@example.com`,
            answered_questions: 0,
          },
        }
      : { id: asker.id },
  };
  db.questions.nextId += 1;
  db.questions.byId.set(record.id, record);
  questionChanged(db, record);
  return HttpResponse.json(presentDetail(record), { status: 201 });
}

export function questionsHandlers(route: Route) {
  return [
    route('get', '/questions/search', search),
    route('get', '/questions/:id', (context) => presentDetail(findQuestion(context, context.params.id))),
    route('post', '/questions', async (context) => ask(context, caller(context), await readBody(context.request))),
    route('post', '/answers', async (context) => {
      const { db, request, now } = context;
      const body = await readBody(request);
      const attributes = ['question_id', 'text'];
      if (body.question_id === undefined || body.text === undefined)
        fail(400, 'invalid_post_body', 'Invalid JSON; valid attributes are listed', attributes);
      if (typeof body.question_id !== 'number' || !Number.isInteger(body.question_id))
        fail(400, 'invalid_question', 'The question is invalid');
      const text = checkText(body.text, attributes);
      const record = ownQuestion(context, String(body.question_id));
      if (record.status !== 'UNANSWERED')
        fail(400, 'not_unanswered_question', `Question ${record.id} is not unanswered (status ${record.status})`);
      record.status = 'ANSWERED';
      record.answer = { text, status: 'ACTIVE', date_created: now };
      touch(db, record, now);
      questionChanged(db, record);
      return presentDetail(record);
    }),
    route('delete', '/questions/:id', (context) => {
      const record = ownQuestion(context, context.params.id);
      context.db.questions.byId.delete(record.id);
      context.db.questions.hidden.delete(record.id);
      questionChanged(context.db, record);
      return [`Question ${record.id} deleted.`];
    }),
    route('post', '/my/questions/hidden', async (context) => {
      const body = await readBody(context.request);
      const ids = body.question_ids;
      if (!Array.isArray(ids) || ids.length === 0)
        fail(400, 'invalid_post_body', 'Invalid JSON; valid attributes are listed', ['question_ids']);
      // Check every id first: nothing is hidden when one of them is refused.
      const records = ids.map((id) => ownQuestion(context, typeof id === 'number' ? String(id) : 'invalid'));
      for (const record of records) context.db.questions.hidden.add(record.id);
      return { question_ids: records.map((record) => record.id) };
    }),
  ];
}
