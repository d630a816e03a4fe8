import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { bypass, http, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { missingRequiredAttributes } from './db/categories';
import { demoSeller, otherSeller } from './db/core';
import type { NotificationBody } from './db/notifications';
import { stockScenarios } from './db/stock';
import { server as interception } from './node';
import { createDemoServer } from './server';

/**
 * Notifications over real HTTP: the simulator's triggers change its db, and the sender POSTs the spec's
 * body to a callback served here, which answers as each test says.
 */
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

const send = (url: string, init: RequestInit = {}) => fetch(bypass(new Request(url, init)));
const asSeller = (token = demoSeller.token) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
const post = (url: string, body: unknown = {}, token?: string) =>
  send(url, { method: 'POST', headers: asSeller(token), body: JSON.stringify(body) });
const getJson = async <T>(url: string, token?: string): Promise<T> => {
  const response = await send(url, { headers: asSeller(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

/** How the callback answers one delivery: a status, after a delay. */
interface Answer {
  status?: number;
  delayMs?: number;
}

/** A callback that records every body and answers with `answers` in turn (then 200 at once). */
async function callback(answers: Answer[] = []) {
  const received: NotificationBody[] = [];
  const url = await listen(
    createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString()) as NotificationBody);
        const { status = 200, delayMs = 0 } = answers.shift() ?? {};
        setTimeout(() => response.writeHead(status).end(), delayMs);
      });
    }),
  );
  // The simulator's POSTs leave through the msw/node interception of the test setup: let them reach the socket.
  interception.use(http.post(`${url}/notifications`, () => passthrough()));
  return { url: `${url}/notifications`, received };
}

async function simulator(callbackUrl: string, options: { retryDelaysMs?: number[]; timeoutMs?: number } = {}) {
  const demo = createDemoServer({
    notifications: { callbackUrl, applicationId: '2069392825111111', retryDelaysMs: [10, 10], ...options },
  });
  const base = await listen(demo.server);
  return { ...demo, base, notifications: demo.notifications! };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('notifications of the simulator served in Node', () => {
  it("POSTs the spec's body when a buyer asks, the seller answers and deletes a question", async () => {
    const hook = await callback();
    const { base, notifications } = await simulator(hook.url);
    const asked = await post(`${base}/__demo/questions`, { text: '¿Tienen stock?' });
    const { id } = (await asked.json()) as { id: number };
    await notifications.settled();
    expect(hook.received).toEqual([
      {
        _id: expect.stringMatching(uuidPattern),
        resource: `/questions/${id}`,
        user_id: demoSeller.id,
        topic: 'questions',
        application_id: 2069392825111111,
        attempts: 1,
        sent: expect.any(String),
        received: expect.any(String),
        actions: [],
      },
    ]);

    expect((await post(`${base}/answers`, { question_id: id, text: 'Sí, hay stock.' })).status).toBe(200);
    expect((await send(`${base}/questions/${id}`, { method: 'DELETE', headers: asSeller() })).status).toBe(200);
    await notifications.settled();
    expect(hook.received.map((body) => body.resource)).toEqual([`/questions/${id}`, `/questions/${id}`, `/questions/${id}`]);
    expect(new Set(hook.received.map((body) => body._id)).size).toBe(3);
  });

  it('sends the same _id again, attempts + 1, after a failed answer and after one slower than the limit', async () => {
    const hook = await callback([{ status: 500 }, { delayMs: 300 }]);
    const { base, notifications } = await simulator(hook.url, { timeoutMs: 150 });
    await post(`${base}/__demo/questions`, { text: 'Hola' });
    await notifications.settled();
    expect(hook.received.map((body) => body.attempts)).toEqual([1, 2, 3]);
    expect(new Set(hook.received.map((body) => body._id)).size).toBe(1);
    expect(Date.parse(hook.received[2]!.sent)).toBeGreaterThan(Date.parse(hook.received[0]!.sent));
    expect(hook.received[2]!.received).toBe(hook.received[0]!.received);
    expect(await getJson(`${base}/missed_feeds?app_id=2069392825111111`)).toEqual({ messages: [], total: 0 });
  });

  it('lists in /missed_feeds what was never acknowledged, for 2 days, by app and topic, with a token', async () => {
    const hook = await callback(Array.from({ length: 6 }, () => ({ status: 503 })));
    const { base, db, notifications } = await simulator(hook.url);
    await post(`${base}/__demo/questions`, { text: 'Hola' });
    await post(`${base}/__demo/credit-leads`);
    await notifications.settled();
    expect(hook.received).toHaveLength(6);

    const feeds = `${base}/missed_feeds?app_id=2069392825111111`;
    const missed = await getJson<{ messages: NotificationBody[]; total: number }>(feeds, otherSeller.token);
    expect(missed.total).toBe(2);
    expect(missed.messages.map((m) => [m.topic, m.attempts])).toEqual([
      ['questions', 3],
      ['leads-credits', 3],
    ]);
    expect(missed.messages[0]!._id).toBe(hook.received.find((body) => body.topic === 'questions')!._id);
    expect((await getJson<{ total: number }>(`${feeds}&topic=leads-credits`)).total).toBe(1);
    expect(await getJson(`${feeds}&offset=1&limit=1`)).toEqual({ messages: [missed.messages[1]], total: 2 });
    expect((await getJson<{ total: number }>(`${base}/missed_feeds?app_id=42`)).total).toBe(0);
    expect((await send(feeds)).status).toBe(401);
    expect((await send(`${base}/missed_feeds`, { headers: asSeller() })).status).toBe(400);

    db.clockOffset += 2 * 24 * 3600_000 + 1;
    expect((await getJson<{ total: number }>(feeds)).total).toBe(0);
  });

  it('announces a stock write once reads show it', async () => {
    const hook = await callback();
    const { base, db, notifications } = await simulator(hook.url);
    db.stock.propagationMs = 50;
    const stock = `${base}/user-products/${stockScenarios.warehousesAndFacility}/stock`;
    const before = await send(stock, { headers: asSeller() });
    const version = Number(before.headers.get('x-version'));
    const { locations } = (await before.json()) as { locations: { type: string; store_id?: string }[] };
    const store = locations.find((l) => l.type === 'seller_warehouse')!.store_id;
    const write = await send(`${stock}/type/seller_warehouse`, {
      method: 'PUT',
      headers: { ...asSeller(), 'x-version': String(version) },
      body: JSON.stringify({ locations: [{ store_id: store, quantity: 7 }] }),
    });
    expect(write.status).toBe(200);
    expect(hook.received).toEqual([]);
    await sleep(100);
    await notifications.settled();
    expect(hook.received).toMatchObject([
      { topic: 'stock-location', resource: `/user-products/${stockScenarios.warehousesAndFacility}/stock`, user_id: demoSeller.id },
    ]);
    expect((await send(stock, { headers: asSeller() })).headers.get('x-version')).toBe(String(version + 1));
  });

  it('creates a credit lead the seller can read, on their item', async () => {
    const hook = await callback();
    const { base, db, notifications } = await simulator(hook.url);
    const item = [...db.items.values()].find((i) => i.seller_id === demoSeller.id && i.vehicle)!;
    const created = await post(`${base}/__demo/credit-leads`, { item_id: item.id });
    expect(created.status).toBe(201);
    const lead = (await created.json()) as { id: string; item_id: string };
    expect(lead.item_id).toBe(item.id);
    await notifications.settled();
    expect(hook.received).toMatchObject([{ topic: 'leads-credits', resource: `/vis/loans/${lead.id}`, user_id: demoSeller.id }]);
    expect(await getJson(`${base}${hook.received[0]!.resource}?seller_id=${demoSeller.id}`)).toEqual(lead);
    const otherItem = [...db.items.values()].find((i) => i.seller_id !== demoSeller.id)!;
    expect((await post(`${base}/__demo/credit-leads`, { item_id: otherItem.id })).status).toBe(404);
  });

  it('records a fulfillment operation: readable by id as in the search, and the stock follows it', async () => {
    const hook = await callback();
    const { base, db, notifications } = await simulator(hook.url);
    const inventory = [...db.fulfillment.inventories.values()].find((i) => i.seller_id === demoSeller.id)!;
    const stockBefore = await getJson<{ available_quantity: number }>(`${base}/inventories/${inventory.inventory_id}/stock/fulfillment`);
    const created = await post(`${base}/__demo/fulfillment-operations`, {
      inventory_id: inventory.inventory_id,
      type: 'INBOUND_RECEPTION',
    });
    expect(created.status).toBe(201);
    const operation = (await created.json()) as { id: number; type: string; detail: { available_quantity: number } };
    expect(operation.type).toBe('INBOUND_RECEPTION');
    await notifications.settled();
    expect(hook.received).toMatchObject([
      { topic: 'fbm_stock_operations', resource: `/stock/fulfillment/operations/${operation.id}`, user_id: demoSeller.id },
    ]);
    expect(await getJson(`${base}${hook.received[0]!.resource}`)).toEqual(operation);
    const today = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const search = await getJson<{ results: { id: number }[] }>(
      `${base}/stock/fulfillment/operations/search?seller_id=${demoSeller.id}&inventory_id=${inventory.inventory_id}&date_from=${from}&date_to=${today}`,
    );
    expect(search.results).toContainEqual(operation);
    const stockAfter = await getJson<{ available_quantity: number }>(`${base}/inventories/${inventory.inventory_id}/stock/fulfillment`);
    expect(stockAfter.available_quantity).toBe(stockBefore.available_quantity + operation.detail.available_quantity);

    expect((await send(`${base}/stock/fulfillment/operations/${operation.id}`, { headers: asSeller(otherSeller.token) })).status).toBe(403);
    expect((await send(`${base}/stock/fulfillment/operations/1`, { headers: asSeller() })).status).toBe(404);
    expect((await post(`${base}/__demo/fulfillment-operations`, { type: 'teleport' })).status).toBe(400);
  });

  it('recategorizes an item into a category whose required attributes it lacks, with another sale fee', async () => {
    const hook = await callback();
    const { base, db, notifications } = await simulator(hook.url);
    const item = db.items.get('MLA1400000011')!;
    type ItemRead = { category_id: string; price: number; listing_type_id: string; attributes: { id: string }[] };
    const before = await getJson<ItemRead>(`${base}/items/${item.id}`);
    expect(before.listing_type_id).toMatch(/^(gold_pro|gold_special|free)$/);
    expect(before.attributes).toContainEqual({
      id: 'ITEM_CONDITION',
      name: expect.any(String),
      value_id: expect.any(String),
      value_name: 'Nuevo',
    });

    const moved = await post(`${base}/__demo/recategorize`, { item_id: item.id });
    expect(moved.status).toBe(200);
    await notifications.settled();
    expect(hook.received).toMatchObject([{ topic: 'items', resource: `/items/${item.id}`, user_id: demoSeller.id }]);
    const after = await getJson<ItemRead>(`${base}/items/${item.id}`);
    expect(after.category_id).not.toBe(before.category_id);
    expect(await moved.json()).toEqual({ item_id: item.id, from_category_id: before.category_id, category_id: after.category_id });

    const required = (await getJson<{ id: string; tags: { required?: boolean } }[]>(`${base}/categories/${after.category_id}/attributes`))
      .filter((a) => a.tags.required)
      .map((a) => a.id);
    expect(required.filter((id) => !after.attributes.some((a) => a.id === id)).length).toBeGreaterThan(0);
    expect(missingRequiredAttributes(db.categories.categories.get(after.category_id)!, item).length).toBeGreaterThan(0);

    const fee = async (category: string) => {
      const prices = await getJson<{ listing_type_id: string; sale_fee_amount: number }[]>(
        `${base}/sites/MLA/listing_prices?price=${before.price}&category_id=${category}&listing_type_id=${before.listing_type_id}`,
      );
      expect(prices.map((p) => p.listing_type_id)).toEqual([before.listing_type_id]);
      return prices[0]!.sale_fee_amount;
    };
    expect(await fee(after.category_id)).not.toBe(await fee(before.category_id));

    // Without an item_id it moves the caller's first item (what the demo's Activity page asks for).
    const first = await post(`${base}/__demo/recategorize`, {});
    expect(first.status).toBe(200);
    expect(((await first.json()) as { item_id: string }).item_id).toMatch(/^MLA\d+$/);
    expect((await post(`${base}/__demo/recategorize`, { item_id: item.id }, otherSeller.token)).status).toBe(404);
  });

  it('stops sending when the server closes', async () => {
    const hook = await callback();
    const { base, server, db, notifications } = await simulator(hook.url);
    await post(`${base}/__demo/questions`, { text: 'Hola' });
    await notifications.settled();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(db.notifications.listeners.size).toBe(0);
  });
});
