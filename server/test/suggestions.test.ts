import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeller } from '../../src/demo/db/core.ts';
import { startOwnedServer, type Browser, type Simulator } from './helpers.ts';

interface Suggestions {
  suggestions: { questionId: number; question: string; answer: string; scope: string }[];
}

describe('suggestions from the account’s earlier answers (live, over the marketplace’s reads)', () => {
  let simulator: Simulator;
  let owner: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ simulator, owner, close } = await startOwnedServer(undefined));
  });
  afterAll(() => close());

  it('ranks the account’s answered questions for an open one, its item’s first; 400 without a question, 404 for a question it cannot find', async () => {
    const own = [...simulator.db.questions.byId.values()].filter((q) => q.seller_id === demoSeller.id);
    const open = own.find((q) => q.status === 'UNANSWERED')!;
    const response = await owner.request(`/suggestions?question_id=${open.id}`);
    expect(response.status).toBe(200);
    const { suggestions } = (await response.json()) as Suggestions;
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    // Each an answered question of this account, as it was answered; the item's before any other.
    for (const suggestion of suggestions) {
      const earlier = simulator.db.questions.byId.get(suggestion.questionId)!;
      expect(earlier).toMatchObject({
        seller_id: demoSeller.id,
        status: 'ANSWERED',
        text: suggestion.question,
        answer: { text: suggestion.answer },
      });
      expect(suggestion.scope).toBe(earlier.item_id === open.item_id ? 'item' : 'any');
    }
    const scopes = suggestions.map((s) => s.scope);
    expect(scopes).toEqual([...scopes].sort((a, b) => (a === b ? 0 : a === 'item' ? -1 : 1)));

    expect((await owner.request('/suggestions')).status).toBe(400);
    expect((await owner.request('/suggestions?question_id=1')).status).toBe(404);
  });
});
