import { getResponse, http, HttpResponse, type HttpHandler } from 'msw';
import { leadBuyer, questionContact, stripPersonalData } from '../../core/personalData.ts';
import { apiPath } from './route';

/**
 * Seller Desk's API door as demo mode has it (docs/roles.md): the simulator plays the marketplace, and these
 * handlers stand where the server would, before it. Every answer carrying personal data (questions, credit
 * leads) leaves stripped by core/personalData.ts, as the server strips it; `POST /reveal/questions/:id` and
 * `POST /reveal/credit-leads/:id` read one record from the marketplace and return its contact only, with
 * `Cache-Control: no-store`. The Node simulator that live mode's tests run against has none of this: there the
 * server itself is the door.
 */
export function createDoorHandlers(marketplace: readonly HttpHandler[]): HttpHandler[] {
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
    http.post('*/reveal/credit-leads/:id', async ({ request, params }) => {
      const me = await read(request, '/users/me');
      if (!me.ok) return me;
      const { id: sellerId } = (await me.json()) as { id: number };
      return revealed(await read(request, `/vis/loans/${encodeURIComponent(String(params.id))}?seller_id=${sellerId}`), leadBuyer);
    }),
  ];
}
