import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeller } from '../../src/demo/db/core.ts';
import { openStore, type Store } from '../src/store/store.ts';
import type { AuditEntry } from '../src/store/audit.ts';
import { startFakeMarketplace, type FakeMarketplace } from './fake-marketplace.ts';
import {
  Browser,
  json,
  liveEnv,
  startOwnedServer,
  startServer,
  storeEngines,
  teammate,
  testCipher,
  type Simulator,
  type TestServer,
} from './helpers.ts';

interface AuditPage {
  entries: AuditEntry[];
  next: string | null;
}

const trail = (browser: Browser, query = '') => json<AuditPage>(browser.request(`/audit${query}`));

describe.each(await storeEngines('audit tests'))('personal data and the audit trail on $name', ({ databaseUrl }) => {
  let simulator: Simulator;
  let store: Store;
  let server: TestServer;
  let owner: Browser;
  let manager: Browser;
  let answerer: Browser;
  let viewer: Browser;
  let reviewer: Browser;

  const questions = () => [...simulator.db.questions.byId.values()].filter((q) => q.seller_id === demoSeller.id);
  const vehicleQuestion = () => questions().find((q) => q.from.contact)!;
  const lead = () => simulator.db.creditLeads.live.find((l) => l.seller_id === demoSeller.id && !l.expired)!;

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ simulator, store, server, owner, close } = await startOwnedServer(databaseUrl));
    manager = await teammate(owner, server.url, 'manager', 'Mara');
    answerer = await teammate(owner, server.url, 'answerer', 'Ana');
    viewer = await teammate(owner, server.url, 'viewer', 'Vera');
    reviewer = await teammate(owner, server.url, 'credit_reviewer', 'Rita');
  });
  afterAll(() => close());

  it("never relays an asker's or a buyer's contact, to any role", async () => {
    const contacts = questions().flatMap((q) =>
      q.from.contact ? [q.from.contact.email, q.from.contact.phone.number, q.from.contact.last_name] : [],
    );
    expect(contacts.length).toBeGreaterThan(0);
    const question = vehicleQuestion();
    for (const browser of [owner, manager, answerer, viewer]) {
      const search = await (await browser.request(`/api/questions/search?seller_id=${demoSeller.id}&api_version=4&limit=50`)).text();
      expect(search).toContain('"questions"');
      for (const contact of contacts) expect(search).not.toContain(contact);
      const detail = await json<{ from: Record<string, unknown> }>(browser.request(`/api/questions/${question.id}?api_version=4`));
      expect(detail.from).toEqual({ id: question.from.id, answered_questions: question.from.contact!.answered_questions });
    }
    for (const browser of [owner, reviewer, viewer]) {
      const detail = await json<{ buyer: Record<string, unknown> }>(
        browser.request(`/api/vis/loans/${lead().id}?seller_id=${demoSeller.id}`),
      );
      expect(detail.buyer).toEqual({ id: lead().buyer.id });
    }
  });

  it('reveals one record to a role with the permission, uncached and recorded, and to no one else', async () => {
    const question = vehicleQuestion();
    const { answered_questions: _count, ...contact } = question.from.contact!;
    for (const browser of [viewer, answerer, reviewer]) {
      const refused = await browser.write(`/reveal/questions/${question.id}`, 'POST');
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain(contact.email);
    }
    const revealed = await manager.write(`/reveal/questions/${question.id}`, 'POST');
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    expect(await revealed.json()).toEqual(contact);

    const plain = questions().find((q) => !q.from.contact)!;
    expect((await manager.write(`/reveal/questions/${plain.id}`, 'POST')).status).toBe(404);
    expect((await manager.write('/reveal/questions/1', 'POST')).status).toBe(404);

    expect((await viewer.write(`/reveal/credit-leads/${lead().id}`, 'POST')).status).toBe(403);
    const buyer = await reviewer.write(`/reveal/credit-leads/${lead().id}`, 'POST');
    expect(buyer.status).toBe(200);
    const { id: _id, ...buyerContact } = lead().buyer;
    expect(await buyer.json()).toEqual(buyerContact);

    const reveals = (await trail(owner, '?action=reveal')).entries;
    expect(reveals.map((e) => [e.person?.name, e.target, e.phase])).toEqual([
      ['Rita', { type: 'credit_lead', id: lead().id }, 'event'],
      ['Mara', { type: 'question', id: String(question.id) }, 'event'],
    ]);
    // The trail itself holds no personal data.
    expect(JSON.stringify(await trail(owner))).not.toContain(contact.email);
  });

  it("records an answer's attempt and outcome, joined by the request id, with its length and never its text", async () => {
    const open = questions().find((q) => q.status === 'UNANSWERED' && !q.from.contact)!;
    const text = 'Sí, lo tenemos en negro y en azul.';
    const answered = await answerer.write('/api/answers', 'POST', { question_id: open.id, text });
    expect(answered.status).toBeLessThan(300);
    const [outcome, attempt] = (await trail(manager, '?action=answer&limit=2')).entries;
    expect(attempt).toMatchObject({
      person: { name: 'Ana' },
      action: 'answer',
      target: { type: 'question', id: String(open.id) },
      details: { length: text.length },
      phase: 'attempt',
      status: null,
    });
    expect(outcome).toMatchObject({ person: { name: 'Ana' }, phase: 'outcome', status: answered.status, requestId: attempt!.requestId });
    expect(JSON.stringify(await trail(owner))).not.toContain('negro');
  });

  it('refuses an answer the contact-data guard flags (422, nothing upstream) unless the browser sends the override, which the trail records', async () => {
    const open = questions().find((q) => q.status === 'UNANSWERED')!;
    const text = 'Llamame al once 4567 8901';
    const refused = await answerer.write('/api/answers', 'POST', { question_id: open.id, text });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: 'contact_data',
      message: 'This looks like contact data, which the marketplace does not allow in answers',
      findings: [{ kind: 'phone', start: 11, end: 25 }],
    });
    expect(simulator.db.questions.byId.get(open.id)?.status).toBe('UNANSWERED');
    expect((await trail(manager, '?action=answer')).entries.some((e) => e.target?.id === String(open.id))).toBe(false);

    const sent = await answerer.request('/api/answers', {
      method: 'POST',
      headers: { origin: 'http://seller-desk.test', 'x-seller-desk': '1', 'content-type': 'application/json', 'x-guard-override': '1' },
      body: JSON.stringify({ question_id: open.id, text }),
    });
    expect(sent.status).toBeLessThan(300);
    const [outcome, attempt] = (await trail(manager, '?action=answer&limit=2')).entries;
    expect(attempt).toMatchObject({
      target: { id: String(open.id) },
      details: { length: text.length, guardOverride: true },
      phase: 'attempt',
    });
    expect(outcome).toMatchObject({ phase: 'outcome', status: sent.status });
  });

  it('records a stock write with its location, quantity before and after, and the version written', async () => {
    const product = [...simulator.db.stock.userProducts.values()].find(
      (p) => p.user_id === demoSeller.id && !p.fullInboundNeeded && p.locations.some((l) => l.type === 'selling_address'),
    )!;
    const before = product.locations.find((l) => l.type === 'selling_address')!.quantity;
    const response = await owner.request(`/api/user-products/${product.id}/stock/type/selling_address`, {
      method: 'PUT',
      headers: {
        origin: 'http://seller-desk.test',
        'x-seller-desk': '1',
        'content-type': 'application/json',
        'x-version': String(product.version),
      },
      body: JSON.stringify({ quantity: before + 2 }),
    });
    expect(response.status).toBe(204);
    const [outcome, attempt] = (await trail(owner, '?action=stock.write&limit=2')).entries;
    expect(attempt).toMatchObject({
      target: { type: 'user_product', id: product.id },
      details: { location: 'selling_address', before, after: before + 2, version: product.version },
      phase: 'attempt',
    });
    expect(outcome).toMatchObject({ phase: 'outcome', status: 204, requestId: attempt!.requestId });
  });

  it('keeps the team changes, filters by person and action, and pages newest first', async () => {
    const ownerId = (await json<{ person: { id: string } }>(owner.request('/session'))).person.id;
    const created = (await trail(owner, `?action=invitation.create&person=${ownerId}`)).entries;
    expect(created.map((e) => e.details.role)).toEqual(['credit_reviewer', 'viewer', 'answerer', 'manager']);
    const accepted = (await trail(owner, '?action=invitation.accept')).entries;
    expect(accepted.map((e) => e.person?.name)).toEqual(['Rita', 'Vera', 'Ana', 'Mara']);
    expect((await trail(owner, '?action=account.connect')).entries).toHaveLength(1);

    const all = (await trail(owner, '?limit=200')).entries;
    const first = await trail(owner, '?limit=3');
    expect(first.entries).toEqual(all.slice(0, 3));
    const second = await trail(owner, `?limit=3&before=${first.next}`);
    expect(second.entries).toEqual(all.slice(3, 6));
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(owner, `?from=${today}&to=${today}&limit=200`)).entries).toEqual(all);
    expect((await trail(owner, '?to=2000-01-01')).entries).toEqual([]);
    expect((await owner.request('/audit?action=nonsense')).status).toBe(400);
  });

  it("keeps each person's own sign-ins, apart from any account's trail", async () => {
    expect((await json<{ signIns: { method: string }[] }>(owner.request('/me/sign-ins'))).signIns).toEqual([
      { method: 'marketplace', at: expect.any(String) },
    ]);
    expect((await json<{ signIns: { method: string }[] }>(viewer.request('/me/sign-ins'))).signIns).toEqual([
      { method: 'passkey', at: expect.any(String) },
    ]);
    expect((await new Browser(server.url).request('/me/sign-ins')).status).toBe(401);
  });

  it('records role changes, removals, revoked invitations and, last, the account disconnected', async () => {
    const { people } = await json<{ people: { id: string; name: string }[] }>(owner.request('/team'));
    const id = (name: string) => people.find((p) => p.name === name)!.id;
    expect((await manager.write(`/team/people/${id('Ana')}`, 'PATCH', { role: 'viewer' })).status).toBe(200);
    expect((await owner.write(`/team/people/${id('Vera')}`, 'DELETE')).status).toBe(200);
    const { invitation } = await json<{ invitation: { id: string } }>(owner.write('/team/invitations', 'POST', { role: 'viewer' }));
    expect((await owner.write(`/team/invitations/${invitation.id}`, 'DELETE')).status).toBe(204);
    const [revoked, created, removed, changed] = (await trail(owner, '?limit=4')).entries;
    expect(changed).toMatchObject({
      person: { name: 'Mara' },
      action: 'role.change',
      target: { type: 'person', id: id('Ana') },
      details: { role: 'viewer' },
    });
    expect(removed).toMatchObject({ person: { name: 'TIENDA_DEMO' }, action: 'person.remove', target: { type: 'person', id: id('Vera') } });
    expect(created).toMatchObject({ action: 'invitation.create', target: { type: 'invitation', id: invitation.id } });
    expect(revoked).toMatchObject({ action: 'invitation.revoke', target: { type: 'invitation', id: invitation.id } });

    // The trail outlives the account: its disconnect is the last entry.
    expect((await owner.write(`/session/accounts/${demoSeller.id}`, 'DELETE')).status).toBe(200);
    const { entries } = await store.audit.entries(String(demoSeller.id), { limit: 1 });
    expect(entries[0]).toMatchObject({ person: { name: 'TIENDA_DEMO' }, action: 'account.disconnect', phase: 'event' });
  });

  it('refuses any change to an entry, in the database itself', async () => {
    await expect(sql`update audit_entries set action = 'answer'`.execute(store.db)).rejects.toThrow(/append-only/);
  });

  it('deletes entries past the retention, and only those', async () => {
    const all = () => store.audit.entries(String(demoSeller.id), { limit: 200 });
    const before = (await all()).entries;
    const oldest = before.at(-1)!;
    // 401 days pass for the oldest entry (the trigger that keeps entries unchanged is lifted for it).
    await sql`alter table audit_entries disable trigger audit_entries_append_only`.execute(store.db);
    await sql`update audit_entries set at = now() - interval '401 days' where id = ${oldest.id}`.execute(store.db);
    await sql`alter table audit_entries enable trigger audit_entries_append_only`.execute(store.db);
    await store.purgeExpired(400);
    expect((await all()).entries).toEqual(before.slice(0, -1));
  });
});

describe('a write whose upstream never answers', () => {
  let fake: FakeMarketplace;
  let store: Store;
  let answering: TestServer;
  let hanging: TestServer;

  beforeAll(async () => {
    fake = await startFakeMarketplace();
    store = await openStore({ dataDir: 'memory://', cipher: testCipher });
    answering = await startServer(liveEnv(fake.url), { store });
    // Another instance on the same store, whose marketplace never answers (the fake's /slow/).
    hanging = await startServer(liveEnv(`${fake.url}/slow`), { store, timeouts: { connectMs: 500, totalMs: 400 } });
  });
  afterAll(async () => {
    await hanging.close();
    await answering.close();
    await store.close();
    await fake.close();
  });

  it('has its attempt recorded before it went upstream, and an outcome of "unknown"', async () => {
    const owner = new Browser(answering.url);
    expect((await owner.write('/session/token', 'POST', { token: fake.token })).status).toBe(200);
    const response = await fetch(`${hanging.url}/api/answers`, {
      method: 'POST',
      headers: {
        cookie: owner.cookieHeader(),
        origin: 'http://seller-desk.test',
        'x-seller-desk': '1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ question_id: 7, text: 'Hola' }),
    });
    expect(response.status).toBe(504);
    const [outcome, attempt] = (await trail(owner, '?action=answer')).entries;
    expect(attempt).toMatchObject({ phase: 'attempt', target: { type: 'question', id: '7' }, details: { length: 4 }, status: null });
    expect(outcome).toMatchObject({ phase: 'outcome', status: 'unknown', requestId: attempt!.requestId });
  });
});
