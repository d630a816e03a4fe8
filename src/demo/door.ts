import { getResponse, http, HttpResponse, type HttpHandler } from 'msw';
import { readLeadReview, type LeadReviewStatus } from '../../core/leadReviews.ts';
import { leadBuyer, questionContact, stripPersonalData } from '../../core/personalData.ts';
import { currentTime, type Db } from './db';
import { apiPath } from './route';

/** What the server publishes on the event stream besides activity entries (`event: lead-review`); src/demo/activity.ts writes it out. */
export type ServerEvents = Set<(event: string, data: unknown) => void>;

interface LeadReview {
  leadId: string;
  status: LeadReviewStatus;
  note: string | null;
  changedBy: { id: string; name: string };
  changedAt: string;
}

/**
 * Seller Desk's API door as demo mode has it (docs/roles.md): the simulator plays the marketplace, and these
 * handlers stand where the server would, before it. Every answer carrying personal data (questions, credit
 * leads) leaves stripped by core/personalData.ts, as the server strips it; `POST /reveal/questions/:id` and
 * `POST /reveal/credit-leads/:id` read one record from the marketplace and return its contact only, with
 * `Cache-Control: no-store`; `GET /lead-reviews` and `PUT /lead-reviews/:leadId` keep the team's reviews (the
 * rule is core/leadReviews.ts) and publish each on the event stream. The Node simulator that live mode's tests run against has none of this: there the
 * server itself is the door.
 */
export function createDoorHandlers(db: Db, marketplace: readonly HttpHandler[], events: ServerEvents): HttpHandler[] {
  // Demo mode's one person, the seeded seller's owner; per sandbox or production, as the leads' reads.
  const person = { id: 'demo-owner', name: db.seller.nickname };
  const reviews = { live: new Map<string, LeadReview>(), sandbox: new Map<string, LeadReview>() };
  const datasetOf = (request: Request) => (request.headers.get('x-sandbox') === 'true' ? 'sandbox' : 'live');

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
    const path = new URL(request.url).pathname.replace(/^.*?\/api(?=\/)/, '');
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

  const revealed = async (response: Response, pick: (record: unknown) => unknown) => {
    if (!response.ok) return response;
    const contact = pick(await response.json());
    if (contact === undefined)
      return HttpResponse.json({ error: 'not_found', message: 'This record carries no personal data' }, { status: 404 });
    return HttpResponse.json(contact as Parameters<typeof HttpResponse.json>[0], { headers: { 'Cache-Control': 'no-store' } });
  };

  return [
    ...['/questions/search', '/questions/:id', '/vis/loans/search', '/vis/loans/:id'].map((path) => http.get(apiPath(path), relayStripped)),
    http.post('*/reveal/questions/:id', async ({ request, params }) =>
      revealed(await read(request, `/questions/${String(params.id)}?api_version=4`), questionContact),
    ),
    http.get('*/lead-reviews', ({ request }) => HttpResponse.json({ reviews: [...reviews[datasetOf(request)].values()].reverse() })),
    http.put('*/lead-reviews/:id', async ({ request, params }) => {
      const read = readLeadReview(await request.json().catch(() => null));
      if ('problem' in read)
        return HttpResponse.json({ error: 'bad_request', message: `The review's ${read.problem} is not valid` }, { status: 400 });
      const dataset = datasetOf(request);
      const leadId = String(params.id);
      const review: LeadReview = { leadId, ...read, changedBy: person, changedAt: new Date(currentTime(db)).toISOString() };
      // Newest last, as the server lists them newest first.
      reviews[dataset].delete(leadId);
      reviews[dataset].set(leadId, review);
      for (const send of events) send('lead-review', { ...review, accountId: String(db.seller.id), sandbox: dataset === 'sandbox' });
      return HttpResponse.json(review);
    }),
    http.post('*/reveal/credit-leads/:id', async ({ request, params }) => {
      const me = await read(request, '/users/me');
      if (!me.ok) return me;
      const { id: sellerId } = (await me.json()) as { id: number };
      return revealed(await read(request, `/vis/loans/${encodeURIComponent(String(params.id))}?seller_id=${sellerId}`), leadBuyer);
    }),
  ];
}
