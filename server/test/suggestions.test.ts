import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeller } from '../../src/demo/db/core.ts';
import type { Store } from '../src/store/store.ts';
import { insertSellerAccount, json, startOwnedServer, storeEngines, waitFor, type Browser, type Simulator } from './helpers.ts';

interface Suggestions {
  suggestions: { questionId: number; question: string; answer: string; scope: string }[];
}

/** Another seller account on the same server, connected by nobody here (no token: never backfilled). */
const otherSeller = '777000777';

describe.each(await storeEngines('suggestions tests'))(
  'suggestions over the server’s copy of answered questions on $name',
  ({ databaseUrl }) => {
    let simulator: Simulator;
    let store: Store;
    let owner: Browser;
    let close: () => Promise<void>;

    const answeredInSimulator = () =>
      [...simulator.db.questions.byId.values()].filter((q) => q.seller_id === demoSeller.id && q.status === 'ANSWERED' && q.answer);
    const openQuestion = () =>
      [...simulator.db.questions.byId.values()].find((q) => q.seller_id === demoSeller.id && q.status === 'UNANSWERED')!;

    beforeAll(async () => {
      ({ simulator, store, owner, close } = await startOwnedServer(databaseUrl));
      await insertSellerAccount(store, { id: otherSeller, nickname: 'OTRA_TIENDA' });
    });
    afterAll(() => close());

    it('backfills the account’s answered questions, then ranks them for an open one, its item’s first; 400 without a question, 404 for one it cannot find', async () => {
      const open = openQuestion();
      const { suggestions } = await waitFor(async () => {
        const found = await json<Suggestions>(owner.request(`/suggestions?question_id=${open.id}`));
        return found.suggestions.length > 0 ? found : undefined;
      });
      // The backfill read every answered question of the account, page by page, and finished.
      await waitFor(async () =>
        (await store.answeredQuestions.of(String(demoSeller.id))).length === answeredInSimulator().length ? true : undefined,
      );
      expect(await store.answeredQuestions.claimBackfill('another-instance', 60_000)).toBeUndefined();
      // And, first, the questions already waiting: the due-soon watch knows them with when they were asked.
      const waiting = [...simulator.db.questions.byId.values()].filter((q) => q.seller_id === demoSeller.id && q.status === 'UNANSWERED');
      const opened = await store.db
        .selectFrom('open_questions')
        .select(['question_id', 'asked_at'])
        .where('account_id', '=', String(demoSeller.id))
        .execute();
      expect(opened.map((row) => [Number(row.question_id), new Date(row.asked_at).toISOString()]).sort()).toEqual(
        waiting.map((q) => [q.id, new Date(q.date_created).toISOString()]).sort(),
      );
      expect(suggestions.length).toBeLessThanOrEqual(3);
      for (const suggestion of suggestions) {
        const earlier = simulator.db.questions.byId.get(suggestion.questionId)!;
        expect(earlier).toMatchObject({
          seller_id: demoSeller.id,
          status: 'ANSWERED',
          text: suggestion.question,
          answer: { text: suggestion.answer },
        });
        expect(suggestion.scope).not.toBe(earlier.item_id === open.item_id ? 'any' : 'item');
      }
      const order = { item: 0, category: 1, any: 2 } as Record<string, number>;
      const ranks = suggestions.map((s) => order[s.scope]!);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

      expect((await owner.request('/suggestions')).status).toBe(400);
      expect((await owner.request('/suggestions?question_id=1')).status).toBe(404);
    });

    it('never suggests another seller account’s answers, even to the very same question', async () => {
      const open = openQuestion();
      await store.answeredQuestions.keep(otherSeller, [
        { questionId: 1, itemId: open.item_id, question: open.text, answer: 'La respuesta de otra tienda' },
      ]);
      const { suggestions } = await json<Suggestions>(owner.request(`/suggestions?question_id=${open.id}`));
      expect(suggestions.map((s) => s.answer)).not.toContain('La respuesta de otra tienda');
      expect((await store.answeredQuestions.of(String(demoSeller.id))).map((a) => a.questionId)).not.toContain(1);
    });

    it('keeps an answer that passed the door at once, and suggests it for the same question asked again', async () => {
      const open = openQuestion();
      const sent = await owner.write('/api/answers', 'POST', { question_id: open.id, text: 'Sí, lo tenemos en talle 42 y 43.' });
      expect(sent.status).toBe(200);
      const kept = (await store.answeredQuestions.of(String(demoSeller.id))).find((a) => a.questionId === open.id);
      expect(kept).toMatchObject({ itemId: open.item_id, question: open.text, answer: 'Sí, lo tenemos en talle 42 y 43.' });
    });

    it('resumes a backfill at the page it left, and forgets the copy when the account is disconnected', async () => {
      const seller = '888000888';
      await insertSellerAccount(store, { id: seller, nickname: 'TERCERA', siteId: 'MLB', accessToken: 'sealed' });
      // Claimed by an instance that kept one page and died: another takes it when the lease runs out, at the next page.
      const first = await waitFor(async () => {
        const claimed = await store.answeredQuestions.claimBackfill('dead-instance', 1);
        return claimed?.accountId === seller ? claimed : undefined;
      });
      expect(first.offset).toBe(0);
      await store.answeredQuestions.backfilled(seller, [{ questionId: 5, itemId: 'MLB1', question: 'Tem azul?', answer: 'Tem sim.' }], 50);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const next = await waitFor(async () => {
        const claimed = await store.answeredQuestions.claimBackfill('new-instance', 60_000);
        return claimed?.accountId === seller ? claimed : undefined;
      });
      expect(next.offset).toBe(50);
      await store.answeredQuestions.backfilled(seller, [], 'done');
      expect(await store.answeredQuestions.claimBackfill('new-instance', 60_000)).toBeUndefined();

      const person = await store.db.selectFrom('people').select('id').executeTakeFirstOrThrow();
      await store.disconnectAccount(seller, { personId: person.id, requestId: 'test' });
      expect(await store.answeredQuestions.of(seller)).toEqual([]);
      expect(await store.db.selectFrom('answer_backfills').where('account_id', '=', seller).selectAll().execute()).toEqual([]);
    });
  },
);
