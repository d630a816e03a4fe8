import { describe, expect, it } from 'vitest';
import { demoSeller, notify, otherSeller, testDb } from '../test/demo';
import { simulateBuyerQuestion, simulateCreditLead, simulateFulfillmentOperation, simulateRecategorization } from './demo';

/**
 * Demo mode's activity over the msw/node server of the test setup (the handlers the browser worker uses):
 * the triggers of src/api/demo.ts change the db, and the entries arrive on /activity and /events.
 */
const origin = 'http://localhost';
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${origin}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${demoSeller.token}`, 'Content-Type': 'application/json', ...init.headers },
  });
const postJson = (path: string, body: unknown) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

interface Entry {
  id: string;
  accountId: string;
  kind: string;
  topic: string;
  resource: string;
  read: boolean;
  subject: Record<string, string | number>;
  facts: Record<string, string | number | boolean | null>;
  review?: {
    from: { categoryId: string; path: string[]; saleFee: number | null };
    to: { categoryId: string; path: string[]; saleFee: number | null };
    missingAttributes: { id: string; name: string }[];
    reviewedAt: string | null;
  };
}

async function activity(query = ''): Promise<{ entries: Entry[]; unread: number }> {
  const response = await fetch(`${origin}/activity${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { entries: Entry[]; unread: number };
}

/** Reads events off an open stream until `count` have arrived. */
async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<string[]> {
  const decoder = new TextDecoder();
  let text = '';
  const events = () => text.split('\n\n').filter((block) => block.startsWith('id: '));
  while (events().length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return events();
}

describe('activity in demo mode', () => {
  it('turns a question asked, answered and deleted into entries with the status the db shows', async () => {
    const asked = await simulateBuyerQuestion({ text: '¿Tienen factura A?' });
    expect((await api('/answers', { method: 'POST', body: JSON.stringify({ question_id: asked.id, text: 'Sí.' }) })).status).toBe(200);
    expect((await api(`/questions/${asked.id}`, { method: 'DELETE' })).status).toBe(200);

    const { entries, unread } = await activity();
    expect(unread).toBe(3);
    expect(entries.map((entry) => [entry.id, entry.kind, entry.facts])).toEqual([
      ['3', 'question', { status: null, deleted: true }],
      ['2', 'question', { status: 'ANSWERED' }],
      ['1', 'question', { status: 'UNANSWERED' }],
    ]);
    expect(entries[2]).toMatchObject({
      accountId: String(demoSeller.id),
      topic: 'questions',
      resource: `/questions/${asked.id}`,
      read: false,
      subject: { questionId: asked.id, itemId: asked.item_id },
    });
  });

  it('lists credit leads and fulfillment operations with what they are about, and filters by kind and page', async () => {
    const lead = await simulateCreditLead();
    const operation = await simulateFulfillmentOperation({ type: 'inbound_reception' });
    const { entries } = await activity();
    expect(entries).toMatchObject([
      {
        kind: 'fulfillment-operation',
        topic: 'fbm_stock_operations',
        subject: { operationId: operation.id, inventoryId: operation.inventory_id },
        facts: { type: 'INBOUND_RECEPTION' },
      },
      {
        kind: 'credit-lead',
        topic: 'leads-credits',
        subject: { creditId: lead.id, itemId: lead.item_id },
        facts: { status: expect.any(String) },
      },
    ]);
    expect((await activity('?kind=credit-lead')).entries.map((entry) => entry.kind)).toEqual(['credit-lead']);
    expect((await activity('?limit=1')).entries.map((entry) => entry.id)).toEqual(['2']);
    expect((await activity('?before=2')).entries.map((entry) => entry.id)).toEqual(['1']);
    expect((await fetch(`${origin}/activity?limit=0`)).status).toBe(400);
  });

  it('reviews a recategorization: both category paths, the sale fees, the required attributes missing', async () => {
    const db = testDb();
    const item = db.items.get('MLA1400000011')!;
    const moved = await simulateRecategorization(item.id);
    const [entry] = (await activity()).entries;
    expect(entry).toMatchObject({ kind: 'recategorization', topic: 'items', subject: { itemId: item.id } });
    const review = entry!.review!;
    expect(review.from).toMatchObject({ categoryId: moved.from_category_id, path: ['Celulares y Teléfonos', 'Celulares y Smartphones'] });
    expect(review.to.categoryId).toBe(moved.category_id);
    expect(review.to.path.at(-1)).toBe(db.categories.categories.get(moved.category_id)!.resource.name);
    expect(review.from.saleFee).toEqual(expect.any(Number));
    expect(review.to.saleFee).not.toBe(review.from.saleFee);
    expect(review.missingAttributes.length).toBeGreaterThan(0);
    expect(review.missingAttributes.map((a) => a.id)).not.toContain('ITEM_CONDITION');
    expect(review.reviewedAt).toBeNull();

    const reviewed = await fetch(`${origin}/activity/${entry!.id}/reviewed`, { method: 'POST' });
    expect(reviewed.status).toBe(200);
    expect(((await reviewed.json()) as Entry).review!.reviewedAt).toEqual(expect.any(String));

    // An item change that keeps the category is a plain item entry.
    await simulateCreditLead();
    expect((await fetch(`${origin}/activity/2/reviewed`, { method: 'POST' })).status).toBe(404);
  });

  it('marks entries read by id or all, and refuses another body', async () => {
    await simulateCreditLead();
    await simulateCreditLead();
    await simulateCreditLead();
    expect((await postJson('/activity/read', { ids: ['1'] })).status).toBe(204);
    const { entries, unread } = await activity();
    expect(unread).toBe(2);
    expect(entries.map((entry) => entry.read)).toEqual([false, false, true]);
    expect((await postJson('/activity/read', { all: true })).status).toBe(204);
    expect((await activity()).unread).toBe(0);
    expect((await postJson('/activity/read', { ids: [1] })).status).toBe(400);
  });

  it("keeps other sellers' changes out of the demo seller's activity", async () => {
    notify(testDb().notifications, { topic: 'leads-credits', resource: '/vis/loans/theirs', userId: otherSeller.id });
    expect(await activity()).toEqual({ entries: [], unread: 0 });
  });

  it('streams new entries on /events, and resumes after Last-Event-ID', async () => {
    await simulateCreditLead();
    const response = await fetch(`${origin}/events`, { headers: { accept: 'text/event-stream' } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reader = response.body!.getReader();
    const operation = await simulateFulfillmentOperation();
    const [event] = await readEvents(reader, 1);
    const [id, name, data] = event!.split('\n');
    expect([id, name]).toEqual(['id: 2', 'event: activity']);
    expect(JSON.parse(data!.replace(/^data: /, ''))).toMatchObject({
      id: '2',
      kind: 'fulfillment-operation',
      subject: { operationId: operation.id },
    });
    await reader.cancel();

    await simulateCreditLead();
    const resumed = await fetch(`${origin}/events`, { headers: { 'Last-Event-ID': '1' } });
    const again = resumed.body!.getReader();
    expect((await readEvents(again, 2)).map((block) => block.split('\n')[0])).toEqual(['id: 2', 'id: 3']);
    await again.cancel();
    const byQuery = (await fetch(`${origin}/events?lastEventId=2`)).body!.getReader();
    expect((await readEvents(byQuery, 1)).map((block) => block.split('\n')[0])).toEqual(['id: 3']);
    await byQuery.cancel();
  });
});
