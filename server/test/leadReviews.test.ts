import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeller } from '../../src/demo/db/core.ts';
import type { ActivityEntry } from '../src/store/activity.ts';
import type { AuditEntry } from '../src/store/audit.ts';
import type { Store } from '../src/store/store.ts';
import { Browser, json, openEvents, startOwnedServer, storeEngines, teammate, type Simulator, type TestServer } from './helpers.ts';

const account = String(demoSeller.id);

describe.each(await storeEngines('lead review tests'))(
  'lead reviews and what each role reads of the activity on $name',
  ({ databaseUrl }) => {
    let simulator: Simulator;
    let store: Store;
    let server: TestServer;
    let owner: Browser;
    let reviewer: Browser;
    let answerer: Browser;
    const lead = () => simulator.db.creditLeads.live.find((l) => l.seller_id === demoSeller.id)!;

    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ simulator, store, server, owner, close } = await startOwnedServer(databaseUrl));
      reviewer = await teammate(owner, server.url, 'credit_reviewer', 'Rita');
      answerer = await teammate(owner, server.url, 'answerer', 'Ana');
    });
    afterAll(() => close());

    it("shares a review with the account's open pages, per sandbox or production, never logging its note", async () => {
      const stream = await openEvents(server.url, reviewer.cookieHeader());
      const note = 'Llamar el lunes a la tarde';
      const saved = await owner.write(`/lead-reviews/${lead().id}`, 'PUT', { status: 'contacted', note });
      expect(saved.status).toBe(200);
      const review = await saved.json();
      expect(review).toEqual({
        leadId: lead().id,
        status: 'contacted',
        note,
        changedBy: { id: expect.any(String), name: 'TIENDA_DEMO' },
        changedAt: expect.any(String),
      });
      expect(await stream.nextReview()).toEqual({ ...review, accountId: account, sandbox: false });
      stream.close();

      expect(await json(reviewer.request('/lead-reviews'))).toEqual({ reviews: [review] });
      expect(await json(reviewer.request('/lead-reviews', { headers: { 'x-sandbox': 'true' } }))).toEqual({ reviews: [] });

      const changed = await json<{ changedBy: { name: string }; note: string | null }>(
        reviewer.write(`/lead-reviews/${lead().id}`, 'PUT', { status: 'sold' }),
      );
      expect(changed).toMatchObject({ changedBy: { name: 'Rita' }, note: null });

      const trail = await json<{ entries: AuditEntry[] }>(owner.request('/audit?action=lead.review'));
      expect(trail.entries.map((e) => [e.person?.name, e.details])).toEqual([
        ['Rita', { status: 'sold' }],
        ['TIENDA_DEMO', { status: 'contacted' }],
      ]);
      expect(JSON.stringify(trail)).not.toContain(note);
      expect(server.logs()).not.toContain(note);
    });

    it('refuses an unknown status and a note over 500 characters', async () => {
      expect((await reviewer.write(`/lead-reviews/${lead().id}`, 'PUT', { status: 'reviewed' })).status).toBe(400);
      expect((await reviewer.write(`/lead-reviews/${lead().id}`, 'PUT', { status: 'new', note: 'x'.repeat(501) })).status).toBe(400);
      expect((await reviewer.write(`/lead-reviews/${lead().id}`, 'PUT', { status: 'new', note: 'x'.repeat(500) })).status).toBe(200);
    });

    it('gives each role only the kinds of activity it may read: entries, stream, unread counts and marks', async () => {
      const stored = async (kind: ActivityEntry['kind'], topic: ActivityEntry['topic'], resource: string) => {
        const row = await store.db
          .insertInto('activity')
          .values({ account_id: account, topic, kind, resource, subject: '{}', facts: '{}', review: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        return String(row.id);
      };
      const question = await stored('question', 'questions', '/questions/1');
      const credit = await stored('credit-lead', 'leads-credits', `/vis/loans/${lead().id}`);

      const kindsOf = async (browser: Browser) =>
        (await json<{ entries: ActivityEntry[] }>(browser.request('/activity'))).entries.map((e) => e.id);
      expect(await kindsOf(owner)).toEqual([credit, question]);
      expect(await kindsOf(answerer)).toEqual([question]);
      expect(await kindsOf(reviewer)).toEqual([credit]);
      expect((await json<{ entries: unknown[] }>(answerer.request('/activity?kind=credit-lead'))).entries).toEqual([]);

      const unread = async (browser: Browser) =>
        (await json<{ accounts: { unread: number }[] }>(browser.request('/session'))).accounts[0]!.unread;
      expect([await unread(owner), await unread(answerer), await unread(reviewer)]).toEqual([2, 1, 1]);

      // The answerer's catch-up and live stream carry no credit lead.
      const stream = await openEvents(server.url, answerer.cookieHeader(), String(Number(question) - 1));
      expect((await stream.next()).id).toBe(question);
      const later = await stored('credit-lead', 'leads-credits', '/vis/loans/later');
      const laterQuestion = await stored('question', 'questions', '/questions/2');
      await store.bus.publish({ kind: 'entry', id: later });
      await store.bus.publish({ kind: 'entry', id: laterQuestion });
      expect((await stream.next()).id).toBe(laterQuestion);
      stream.close();

      // Marking everything read marks what the person could see, not the credit leads they cannot.
      expect((await answerer.write('/activity/read', 'POST', { all: true })).status).toBe(204);
      expect(await unread(answerer)).toBe(0);
      expect(await unread(reviewer)).toBe(2);

      // Newest first by id as a number, past 9 and 10 too (ids are read as text).
      for (let i = 3; i <= 12; i++) await stored('question', 'questions', `/questions/${i}`);
      const ids = (await json<{ entries: ActivityEntry[] }>(owner.request('/activity'))).entries.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(ids.length).toBeGreaterThan(10);
    });
  },
);
