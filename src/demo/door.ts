import { getResponse, http, HttpResponse, type HttpHandler } from 'msw';
import { defaultAnswerTarget, readAnswerTarget, siteTimeZone, type AnswerTarget } from '../../core/answerTarget.ts';
import { guardOverrideHeader, refuseContactData } from '../../core/contactGuard.ts';
import { readLeadReview, type LeadReviewStatus } from '../../core/leadReviews.ts';
import { refusal } from '../../core/permissions.ts';
import { leadBuyer, questionContact, stripPersonalData } from '../../core/personalData.ts';
import { currentTime, type Db } from './db';
import { buyerUser } from './db/core';
import { apiPath } from './route';
import { createSuggestionHandler } from './suggestions';
import type { SavedScenario } from './scenario';
import { templateHandlers } from './templates';
import { actingRole, createDemoTeam, me, teamHandlers, type DemoTeam } from './team';

/** What the server publishes on the event stream besides activity entries (`event: lead-review`); src/demo/activity.ts writes it out. */
export type ServerEvents = Set<(event: string, data: unknown) => void>;

interface Person {
  id: string;
  name: string;
}

interface AuditEntry {
  id: string;
  at: string;
  person: Person | null;
  action: string;
  target: { type: string; id: string } | null;
  details: Record<string, string | number | boolean | null | string[]>;
  requestId: string;
  phase: 'attempt' | 'outcome' | 'event';
  status: number | 'unknown' | null;
}

const dayMs = 86_400_000;

/**
 * A week of the seeded team's work before the demo opened, newest last: answers, a hide, stock changes, a reveal and
 * lead reviews, on records of the seeded db.
 */
function seededWeek(db: Db, people: DemoTeam['people']): Omit<AuditEntry, 'id'>[] {
  // The seeded team (src/demo/team.ts): the owner, the manager and the answerer answer; the credit reviewer reviews.
  const [owner, manager, answerer, reviewer] = people.map(({ id, name }) => ({ id, name })) as [Person, Person, Person, Person];
  const team = [owner, manager, answerer];
  const questions = [...db.questions.byId.values()].filter((q) => q.seller_id === db.seller.id).slice(0, 8);
  const leads = db.creditLeads.live.slice(0, 3);
  const now = currentTime(db);
  const entries: Omit<AuditEntry, 'id'>[] = [];
  const at = (daysAgo: number, hour: number) =>
    new Date(Math.floor((now - daysAgo * dayMs) / dayMs) * dayMs + hour * 3_600_000).toISOString();
  questions.forEach((question, index) => {
    const person = team[index % team.length]!;
    const base = { person, action: 'answer', target: { type: 'question', id: String(question.id) }, requestId: `seed-${index}` };
    const when = at(7 - index * 0.8, 10 + (index % 6));
    entries.push({ ...base, at: when, details: { length: 40 + index * 13 }, phase: 'attempt', status: null });
    entries.push({ ...base, at: when, details: {}, phase: 'outcome', status: 200 });
  });
  leads.forEach((lead, index) => {
    const target = { type: 'credit_lead', id: lead.id };
    entries.push({
      at: at(5 - index, 15),
      person: reviewer,
      action: 'reveal',
      target,
      details: {},
      requestId: `seed-r${index}`,
      phase: 'event',
      status: null,
    });
    entries.push({
      at: at(5 - index, 16),
      person: reviewer,
      action: 'lead.review',
      target,
      details: { status: index === 0 ? 'sold' : 'contacted' },
      requestId: `seed-l${index}`,
      phase: 'event',
      status: null,
    });
  });
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** What the trail records of a write relayed to the marketplace (as the server's door: answers by length, never their text). */
function auditedWrite(method: string, path: string, body: unknown): Pick<AuditEntry, 'action' | 'target' | 'details'> | undefined {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (method === 'POST' && path === '/answers')
    return {
      action: 'answer',
      target: { type: 'question', id: String(record.question_id) },
      details: { length: typeof record.text === 'string' ? record.text.length : null },
    };
  const deleted = method === 'DELETE' ? /^\/questions\/([^/]+)$/.exec(path) : null;
  if (deleted) return { action: 'question.delete', target: { type: 'question', id: deleted[1]! }, details: {} };
  if (method === 'POST' && path === '/my/questions/hidden') {
    const ids = Array.isArray(record.question_ids) ? record.question_ids.map(String) : [];
    return { action: 'question.hide', target: ids.length === 1 ? { type: 'question', id: ids[0]! } : null, details: { questionIds: ids } };
  }
  const stock = method === 'PUT' ? /^\/user-products\/([^/]+)\/stock\/type\/([^/]+)$/.exec(path) : null;
  if (stock)
    return {
      action: 'stock.write',
      target: { type: 'user_product', id: stock[1]! },
      details: { location: stock[2]!, after: typeof record.quantity === 'number' ? record.quantity : null },
    };
  return undefined;
}

/** A request's path as the door's table names it: a marketplace path after `/api`, else the server's own. */
function pathOf(request: Request): { api: boolean; path: string } {
  const pathname = new URL(request.url).pathname;
  const path = pathname.replace(/^.*?\/api(?=\/)/, '');
  return { api: path !== pathname, path };
}

interface LeadReview {
  leadId: string;
  status: LeadReviewStatus;
  note: string | null;
  changedBy: Person;
  changedAt: string;
}

/** The account's audit trail as demo mode keeps it: the door's writes and the bulk stock jobs (src/demo/stockJobs.ts) record into it. */
export interface DemoAudit {
  /** Oldest first. */
  entries: () => AuditEntry[];
  record: (entry: Omit<AuditEntry, 'id' | 'at' | 'person'>) => void;
}

export function createDemoAudit(db: Db, team: DemoTeam): DemoAudit {
  const { id, name } = me(team);
  // The week before the demo opened is made on the first read (the db may still be seeding).
  let trail: AuditEntry[] | null = null;
  const entries = () => (trail ??= seededWeek(db, team.people).map((entry, index) => ({ ...entry, id: String(index + 1) })));
  return {
    entries,
    record: (entry) => {
      const list = entries();
      list.push({ ...entry, id: String(list.length + 1), at: new Date(currentTime(db)).toISOString(), person: { id, name } });
    },
  };
}

/**
 * Seller Desk's API door as demo mode has it (docs/roles.md): the simulator plays the marketplace, and these
 * handlers stand where the server would, before it. Every request is checked against core/permissions.ts's
 * table for the person's role (or the one "See as" shows), refused with the server's 403; the server's people
 * paths (session, team, invitations, passkeys) are src/demo/team.ts's. Every answer carrying personal data (questions, credit
 * leads) leaves stripped by core/personalData.ts, as the server strips it; `POST /reveal/questions/:id` and
 * `POST /reveal/credit-leads/:id` read one record from the marketplace and return its contact only, with
 * `Cache-Control: no-store`; `GET /lead-reviews` and `PUT /lead-reviews/:leadId` keep the team's reviews (the
 * rule is core/leadReviews.ts) and publish each on the event stream. The Node simulator that live mode's tests run against has none of this: there the
 * server itself is the door.
 */
export function createDoorHandlers(
  db: Db,
  marketplace: readonly HttpHandler[],
  events: ServerEvents,
  /** The team (src/demo/team.ts) and where the tab keeps it; a fresh seeded one, kept nowhere, without. */
  {
    team,
    kept,
    keptTemplates,
    audit = createDemoAudit(db, team),
    settings = { answerTarget: defaultAnswerTarget },
  }: {
    team: DemoTeam;
    kept?: SavedScenario;
    keptTemplates?: SavedScenario;
    audit?: DemoAudit;
    settings?: { answerTarget: AnswerTarget };
  } = {
    team: createDemoTeam(db),
  },
): HttpHandler[] {
  // Demo mode's one person, the seeded seller's owner.
  const { id, name } = me(team);
  const person = { id, name };
  /** Reviews per account and sandbox or production (`<account id> live`), as the leads' reads; newest last. */
  const reviews = new Map<string, Map<string, LeadReview>>();
  const datasetOf = (request: Request) => (request.headers.get('x-sandbox') === 'true' ? 'sandbox' : 'live');
  /** The account a request is for: the one `x-seller-account` named (the switch below has checked it), else the seeded seller's. */
  const accountOf = (request: Request) => request.headers.get('x-seller-account') ?? String(db.seller.id);
  const reviewsOf = (request: Request) => {
    const key = `${accountOf(request)} ${datasetOf(request)}`;
    const found = reviews.get(key) ?? new Map<string, LeadReview>();
    reviews.set(key, found);
    return found;
  };
  const { entries, record } = audit;
  let requests = 0;
  /** What the server's own paths did (the team's changes, the templates'), in the trail as events. */
  const recordEvent = (action: string, target: AuditEntry['target'], details: AuditEntry['details'] = {}) =>
    record({ action, target, details, requestId: `demo-${++requests}`, phase: 'event', status: null });
  /** A write relayed with an attempt before and its outcome after, joined by a request id. */
  const relayAudited = async ({ request }: { request: Request }) => {
    const { path } = pathOf(request);
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    const write = auditedWrite(request.method, path, body);
    if (!write) return upstream(request);
    if (write.action === 'answer') {
      // The contact-data guard, as the server's door runs it: a flagged answer passes only with the override,
      // which the trail records.
      const flagged = refuseContactData(body, db.seller.site_id, undefined);
      if (flagged && request.headers.get(guardOverrideHeader) !== '1') return HttpResponse.json(flagged, { status: 422 });
      if (flagged) write.details.guardOverride = true;
    }
    const requestId = `demo-${++requests}`;
    record({ ...write, requestId, phase: 'attempt', status: null });
    const response = await upstream(request);
    record({ ...write, details: {}, requestId, phase: 'outcome', status: response.type === 'error' ? 'unknown' : response.status });
    return response;
  };

  /** The marketplace's answer to `request`, the way the server's door relays it. */
  const upstream = async (request: Request): Promise<Response> =>
    (await getResponse([...marketplace], request)) ??
    HttpResponse.json({ error: 'not_found', message: 'No such resource' }, { status: 404 });

  const relayStripped = async ({ request }: { request: Request }) => {
    const response = await upstream(request);
    if (!response.ok || response.type === 'error') return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (the chaos's malformed answer): relayed as it came, as the server relays it.
      return new HttpResponse(text, { status: response.status, headers });
    }
    const { path } = pathOf(request);
    headers.delete('content-length');
    return HttpResponse.json(stripPersonalData('GET', path, body) as Parameters<typeof HttpResponse.json>[0], {
      status: response.status,
      headers,
    });
  };

  /** A read of the marketplace on behalf of a reveal: the caller's token and sandbox choice, nothing else. */
  const read = (request: Request, path: string) => {
    const headers = new Headers();
    for (const name of ['authorization', 'x-sandbox']) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    return upstream(new Request(new URL(`/api${path}`, request.url), { headers }));
  };

  /** A reveal's answer (one record's contact, never cached), recorded in the trail. */
  const revealed = async (response: Response, pick: (record: unknown) => unknown, target: { type: string; id: string }) => {
    if (!response.ok) return response;
    const contact = pick(await response.json());
    if (contact === undefined)
      return HttpResponse.json({ error: 'not_found', message: 'This record carries no personal data' }, { status: 404 });
    record({ action: 'reveal', target, details: {}, requestId: `demo-${++requests}`, phase: 'event', status: null });
    return HttpResponse.json(contact as Parameters<typeof HttpResponse.json>[0], { headers: { 'Cache-Control': 'no-store' } });
  };

  // The account's response-time target (GET/PUT /account/settings), kept for the demo's one seller in
  // `settings` (the activity's due-soon entry reads it); the demo's person is its owner, who may set it.
  const settingsAnswer = () => HttpResponse.json({ ...settings.answerTarget, timeZone: siteTimeZone(db.seller.site_id) });

  const handlers = [
    // The door's check, before anything else answers: the role (the one seen as, src/demo/team.ts) against
    // core/permissions.ts's one table, refused with the server's 403. The simulator's own triggers (`/__demo`,
    // a buyer asking, the marketplace moving an item) are the world acting, not the person: never refused.
    http.all('*', ({ request }) => {
      const { api, path } = pathOf(request);
      if (path.startsWith('/__demo/')) return undefined;
      const refused = refusal(actingRole(team), api ? 'api' : 'server', request.method, path);
      return refused && HttpResponse.json(refused, { status: 403 });
    }),
    ...teamHandlers(db, team, recordEvent, kept),
    ...templateHandlers(db, { person, record: recordEvent, kept: keptTemplates }),
    createSuggestionHandler(db),
    http.get('*/account/settings', settingsAnswer),
    http.put('*/account/settings', async ({ request }) => {
      const read = readAnswerTarget(await request.json().catch(() => null));
      if ('problem' in read) return HttpResponse.json({ error: 'bad_request', message: read.problem }, { status: 400 });
      settings.answerTarget = read;
      return settingsAnswer();
    }),
    ...['/questions/search', '/questions/:id', '/vis/loans/search', '/vis/loans/:id'].map((path) => http.get(apiPath(path), relayStripped)),
    http.post('*/reveal/questions/:id', async ({ request, params }) =>
      revealed(await read(request, `/questions/${String(params.id)}?api_version=4`), questionContact, {
        type: 'question',
        id: String(params.id),
      }),
    ),
    http.post(apiPath('/answers'), relayAudited),
    http.delete(apiPath('/questions/:id'), relayAudited),
    http.post(apiPath('/my/questions/hidden'), relayAudited),
    http.put(apiPath('/user-products/:id/stock/type/:type'), relayAudited),
    http.get('*/audit', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const [person, action, from, to, before] = ['person', 'action', 'from', 'to', 'before'].map((name) => query.get(name) || undefined);
      const limit = Number(query.get('limit') ?? 50);
      // Days as the server reads them: from the start of `from` to the end of `to`.
      const matching = entries()
        .filter(
          (entry) =>
            (!person || entry.person?.id === person) &&
            (!action || entry.action === action) &&
            (!from || entry.at >= from) &&
            (!to || entry.at < new Date(Date.parse(to) + dayMs).toISOString()) &&
            (!before || Number(entry.id) < Number(before)),
        )
        .reverse();
      const page = matching.slice(0, limit);
      return HttpResponse.json({ entries: page, next: matching.length > limit ? page.at(-1)!.id : null });
    }),
    http.get('*/lead-reviews', ({ request }) => HttpResponse.json({ reviews: [...reviewsOf(request).values()].reverse() })),
    http.put('*/lead-reviews/:id', async ({ request, params }) => {
      const read = readLeadReview(await request.json().catch(() => null));
      if ('problem' in read)
        return HttpResponse.json({ error: 'bad_request', message: `The review's ${read.problem} is not valid` }, { status: 400 });
      const leadId = String(params.id);
      const review: LeadReview = { leadId, ...read, changedBy: person, changedAt: new Date(currentTime(db)).toISOString() };
      // Newest last, as the server lists them newest first.
      const list = reviewsOf(request);
      list.delete(leadId);
      list.set(leadId, review);
      record({
        action: 'lead.review',
        target: { type: 'credit_lead', id: leadId },
        details: { status: review.status },
        requestId: `demo-${++requests}`,
        phase: 'event',
        status: null,
      });
      for (const send of events)
        send('lead-review', { ...review, accountId: accountOf(request), sandbox: datasetOf(request) === 'sandbox' });
      return HttpResponse.json(review);
    }),
    http.post('*/reveal/credit-leads/:id', async ({ request, params }) => {
      const me = await read(request, '/users/me');
      if (!me.ok) return me;
      const { id: sellerId } = (await me.json()) as { id: number };
      return revealed(await read(request, `/vis/loans/${encodeURIComponent(String(params.id))}?seller_id=${sellerId}`), leadBuyer, {
        type: 'credit_lead',
        id: String(params.id),
      });
    }),
  ];

  /**
   * A request naming its account (`x-seller-account`, docs/roles.md "Across accounts"): demo mode's person belongs
   * to the simulator's two seller accounts, so one of those is served with its seller's token, through the same
   * handlers; any other is refused before the marketplace, as the server refuses it.
   */
  const accountSwitch = http.all('*', async ({ request }) => {
    const named = request.headers.get('x-seller-account');
    if (named === null || named === String(db.seller.id)) return undefined;
    const seller = db.sellers.find((candidate) => String(candidate.id) === named && candidate.id !== buyerUser.id);
    if (!seller) return HttpResponse.json({ error: 'not_member', message: 'You are not a member of this account' }, { status: 403 });
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${seller.token}`);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.clone().arrayBuffer();
    const switched = new Request(request.url, { method: request.method, headers, body });
    return (await getResponse(handlers, switched)) ?? upstream(switched);
  });
  return [accountSwitch, ...handlers];
}
