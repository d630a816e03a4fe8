import type { AddressInfo } from 'node:net';
import { bypass, http, HttpResponse } from 'msw';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoSeller, otherSeller } from './db/core';
import { stockScenarios } from './db/stock';
import { createRequestListener } from './http';
import { createDemoServer } from './server';

/**
 * The simulator over real HTTP. Requests are sent with msw's `bypass` so that the msw/node interception
 * of the test setup lets them reach the socket.
 */
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const send = (url: string, init: RequestInit = {}) => fetch(bypass(new Request(url, init)));
const asSeller = (token = demoSeller.token) => ({ Authorization: `Bearer ${token}` });

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the simulator over node:http', () => {
  it("answers at the spec's paths (no /api prefix) with the handlers' status, headers and body", async () => {
    const { server } = createDemoServer();
    const base = await listen(server);
    const me = await send(`${base}/users/me`, { headers: asSeller() });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-type')).toMatch(/application\/json/);
    expect(await me.json()).toMatchObject({ id: demoSeller.id, nickname: demoSeller.nickname });

    const stock = await send(`${base}/user-products/${stockScenarios.warehousesAndFacility}/stock`, { headers: asSeller() });
    expect(stock.status).toBe(200);
    expect(stock.headers.get('x-version')).toMatch(/^\d+$/);

    const anonymous = await send(`${base}/users/me`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'authorization value not present', error: 'unauthorized', status: 401, cause: [] });
  });

  it('POST /__demo/stock-delay: stock reads answer that late until set back to 0; nothing else waits', async () => {
    const { server, db } = createDemoServer();
    const base = await listen(server);
    const setDelay = (ms: unknown) =>
      send(`${base}/__demo/stock-delay`, { method: 'POST', headers: asSeller(), body: JSON.stringify({ ms }) });
    expect((await setDelay(-1)).status).toBe(400);
    expect((await setDelay(300)).status).toBe(200);
    expect(db.config.stockDelayMs).toBe(300);
    const started = performance.now();
    expect((await send(`${base}/user-products/${stockScenarios.warehousesAndFacility}/stock`, { headers: asSeller() })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect((await setDelay(0)).status).toBe(200);
    expect(db.config.stockDelayMs).toBe(0);
  });

  it('POST /__demo/omit-fields: the item is read without those fields, singly and in batches, until none are named', async () => {
    const { server, db } = createDemoServer();
    const base = await listen(server);
    const [item, next] = [...db.items.values()].filter((i) => i.seller_id === demoSeller.id);
    const omit = (body: unknown, token = demoSeller.token) =>
      send(`${base}/__demo/omit-fields`, {
        method: 'POST',
        headers: { ...asSeller(token), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const read = async () => {
      const single = (await (await send(`${base}/items/${item!.id}`)).json()) as Record<string, unknown>;
      const batch = (await (await send(`${base}/items?ids=${item!.id},${next!.id}`)).json()) as { body: Record<string, unknown> }[];
      return { single, batch: batch.map((answer) => answer.body) };
    };

    expect((await omit({ item_id: item!.id, fields: ['title', 'thumbnail'] })).status).toBe(200);
    const odd = await read();
    for (const body of [odd.single, odd.batch[0]!]) {
      expect(body).toMatchObject({ id: item!.id, price: item!.price });
      expect(body).not.toHaveProperty('title');
      expect(body).not.toHaveProperty('thumbnail');
    }
    expect(odd.batch[1]).toMatchObject({ id: next!.id, title: next!.title, thumbnail: expect.any(String) });
    // The db keeps the item whole: the title search still finds it.
    const search = await send(`${base}/users/${demoSeller.id}/items/search?q=${encodeURIComponent(item!.title)}`, { headers: asSeller() });
    expect(((await search.json()) as { results: string[] }).results).toContain(item!.id);

    expect((await omit({ item_id: item!.id, fields: [] })).status).toBe(200);
    expect((await read()).single).toMatchObject({ title: item!.title, thumbnail: expect.any(String) });

    const unknown = await omit({ item_id: item!.id, fields: ['colour'] });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_post_body', cause: ['fields'] });
    expect((await omit({ item_id: item!.id })).status).toBe(400);
    expect((await omit({ item_id: item!.id, fields: ['title'] }, otherSeller.token)).status).toBe(404);
  });

  it('passes request bodies to the handlers, and the db keeps what they write', async () => {
    const { server, db } = createDemoServer();
    const base = await listen(server);
    const item = [...db.items.values()].find((i) => i.seller_id === demoSeller.id && !i.vehicle)!;
    const created = await send(`${base}/questions`, {
      method: 'POST',
      headers: { ...asSeller(otherSeller.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ item_id: item.id, text: '¿Hacen envíos?' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(db.questions.byId.get(id)).toMatchObject({ item_id: item.id, text: '¿Hacen envíos?', from: { id: otherSeller.id } });
  });

  it('with a rate limit, answers the calls over it 429 with Retry-After, and never its own /__demo hooks', async () => {
    const { server } = createDemoServer({ rateLimit: { perSecond: 0.5, burst: 2 } });
    const base = await listen(server);
    const me = () => send(`${base}/users/me`, { headers: asSeller() });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    const over = await me();
    expect(over.status).toBe(429);
    // One call every two seconds after the burst of two.
    expect(over.headers.get('retry-after')).toBe('2');
    expect(await over.json()).toEqual({ message: 'Too many requests, try again later', error: 'too_many_request', status: 429, cause: [] });
    expect((await send(`${base}/__demo/traffic`)).status).toBe(200);
  });

  it('answers the demo-only endpoints under /__demo', async () => {
    const { server } = createDemoServer();
    const base = await listen(server);
    const asked = await send(`${base}/__demo/questions`, {
      method: 'POST',
      headers: { ...asSeller(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Hola' }),
    });
    expect(asked.status).toBe(201);
    expect(await asked.json()).toMatchObject({ seller_id: demoSeller.id, from: { id: otherSeller.id }, text: 'Hola' });
  });

  it('gives a seller the seed gives no item one of their own, which buyers can then ask about', async () => {
    const { server } = createDemoServer();
    const base = await listen(server);
    const asOther = { Authorization: `Bearer ${otherSeller.token}`, 'Content-Type': 'application/json' };
    const ask = () => send(`${base}/__demo/questions`, { method: 'POST', headers: asOther, body: JSON.stringify({ text: 'Olá' }) });
    expect((await ask()).status).toBe(400);
    const listed = await send(`${base}/__demo/items`, { method: 'POST', headers: asOther });
    expect(listed.status).toBe(201);
    const item = (await listed.json()) as { id: string; seller_id: number };
    expect(item).toMatchObject({ id: expect.stringMatching(/^MLB\d+$/), seller_id: otherSeller.id });
    const asked = await ask();
    expect(asked.status).toBe(201);
    expect(await asked.json()).toMatchObject({ seller_id: otherSeller.id, item_id: item.id, from: { id: demoSeller.id } });
  });

  it('answers 404 in the error shape for a path no handler serves', async () => {
    const base = await listen(createDemoServer().server);
    const response = await send(`${base}/nowhere`, { headers: asSeller() });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found', status: 404 });
  });

  it('drops the connection for an injected network failure', async () => {
    const { server, db } = createDemoServer();
    const base = await listen(server);
    db.config.failures.push({ method: 'GET', path: '^/users/me$', status: 'network', times: 1 });
    await expect(send(`${base}/users/me`, { headers: asSeller() })).rejects.toThrow();
    expect((await send(`${base}/users/me`, { headers: asSeller() })).status).toBe(200);
  });

  it('keeps repeated headers and answers 500 when a handler throws', async () => {
    const base = await listen(
      createServer(
        createRequestListener([
          http.get('*/cookies', () => {
            const headers = new Headers();
            headers.append('x-seen', 'one');
            headers.append('x-seen', 'two');
            return new HttpResponse(null, { status: 204, headers });
          }),
          http.get('*/broken', () => {
            throw new Error('handler bug');
          }),
        ]),
      ),
    );
    const repeated = await send(`${base}/cookies`);
    expect(repeated.status).toBe(204);
    expect(repeated.headers.get('x-seen')).toBe('one, two');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = await send(`${base}/broken`);
    expect(broken.status).toBe(500);
    expect(await broken.json()).toMatchObject({ error: 'internal_error', status: 500 });
    expect(logged).toHaveBeenCalledWith('demo-api: handler failed', expect.any(Error));
  });
});
