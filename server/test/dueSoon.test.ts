import { describe, expect, it } from 'vitest';
import { defaultAnswerTarget } from '../../core/answerTarget.ts';
import { createDueSoonWatch } from '../src/dueSoon.ts';
import type { Store } from '../src/store/store.ts';
import { insertSellerAccount, storeEngines, twoInstances } from './helpers.ts';

const minute = 60_000;
const askedAt = Date.parse('2026-12-03T15:00:00Z');
const quiet = { error: () => undefined };

describe.each(await storeEngines('due-soon tests'))('the due-soon activity entry on $name', ({ databaseUrl }) => {
  const setup = twoInstances(databaseUrl);
  let seller = 500;

  /** A seller account of its own per test, with one question seen unanswered at `askedAt`. */
  async function accountWithQuestion(store: Store): Promise<string> {
    const id = String(++seller);
    await insertSellerAccount(store, { id, nickname: `S${id}` });
    await store.answeredQuestions.open(id, { questionId: 42, itemId: 'MLA1', askedAt: new Date(askedAt) });
    return id;
  }

  /** One watch per store (two instances on PostgreSQL), on a clock the test sets. */
  function watches(at: { now: number }) {
    return setup.stores.map((store) => createDueSoonWatch({ store, log: quiet, now: () => at.now, pollMs: 3_600_000 }));
  }

  const dueSoonEntries = async (store: Store, accountId: string) =>
    (await store.activity.entries(accountId, ['question'], { limit: 10 })).filter((entry) => entry.facts.dueSoon === true);

  it('is made once, 15 minutes before the account’s target, however many instances look and however often', async () => {
    const [store] = setup.stores;
    const accountId = await accountWithQuestion(store);
    const at = { now: askedAt + 44 * minute };
    const [first, second] = watches(at);
    await Promise.all([first!.pass(), second!.pass()]);
    expect(await dueSoonEntries(store, accountId)).toEqual([]);

    at.now = askedAt + 46 * minute;
    const made = await Promise.all([first!.pass(), second!.pass(), first!.pass()]);
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
    at.now = askedAt + 59 * minute;
    await Promise.all([first!.pass(), second!.pass()]);
    const entries = await dueSoonEntries(store, accountId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'question',
      topic: 'questions',
      subject: { questionId: 42, itemId: 'MLA1' },
      facts: { status: 'UNANSWERED', dueSoon: true, dueAt: new Date(askedAt + 60 * minute).toISOString() },
    });
  });

  it('follows the account’s own target, and is never made for a question answered before it', async () => {
    const [store] = setup.stores;
    const slow = await accountWithQuestion(store);
    await store.accountSettings.setAnswerTarget(slow, { ...defaultAnswerTarget, targetMinutes: 120 }, 'someone');
    const answered = await accountWithQuestion(store);
    await store.answeredQuestions.keep(answered, [{ questionId: 42, itemId: 'MLA1', question: '¿Hay stock?', answer: 'Sí.' }]);
    const at = { now: askedAt + 50 * minute };
    const [watch] = watches(at);
    await watch!.pass();
    expect(await dueSoonEntries(store, slow)).toEqual([]);
    expect(await dueSoonEntries(store, answered)).toEqual([]);
    at.now = askedAt + 110 * minute;
    await watch!.pass();
    expect(await dueSoonEntries(store, slow)).toHaveLength(1);
    expect(await dueSoonEntries(store, answered)).toEqual([]);
  });

  it('passes over a question already overdue when first looked at', async () => {
    const [store] = setup.stores;
    const accountId = await accountWithQuestion(store);
    const at = { now: askedAt + 3 * 60 * minute };
    const [watch] = watches(at);
    expect(await watch!.pass()).toBe(0);
    expect(await dueSoonEntries(store, accountId)).toEqual([]);
  });

  it('looks past the first 500 open questions: a later one of an account with a shorter target is warned of', async () => {
    const [store] = setup.stores;
    const patient = await accountWithQuestion(store);
    await store.accountSettings.setAnswerTarget(patient, { ...defaultAnswerTarget, targetMinutes: 24 * 60 }, 'someone');
    for (let questionId = 1; questionId <= 500; questionId++)
      await store.answeredQuestions.open(patient, { questionId, itemId: 'MLA1', askedAt: new Date(askedAt - minute) });
    const hurried = String(++seller);
    await insertSellerAccount(store, { id: hurried, nickname: `S${hurried}` });
    await store.answeredQuestions.open(hurried, { questionId: 7, itemId: 'MLA2', askedAt: new Date(askedAt) });
    const [watch] = watches({ now: askedAt + 50 * minute });
    await watch!.pass();
    expect(await dueSoonEntries(store, hurried)).toHaveLength(1);
    expect(await dueSoonEntries(store, patient)).toEqual([]);
  });
});
