import { beforeEach, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityEntry } from '../api/activity';
import { createActivityHandlers } from './activity';
import { demoSeller } from './db/core';
import { server, testDb } from './node';

/** The browser demo's activity, which starts with the days before the demo was opened (src/demo/history.ts). */
const origin = 'http://localhost';
const hour = 3_600_000;
const recategorized = 'MLA1400000011';

beforeEach(() => {
  server.use(...createActivityHandlers(testDb(), { history: true }));
});

/** Every entry, newest first, read page by page as the activity page reads them. */
async function allEntries(): Promise<{ entries: ActivityEntry[]; unread: number }> {
  const entries: ActivityEntry[] = [];
  for (;;) {
    const before = entries.at(-1)?.id;
    const response = await fetch(`${origin}/activity?limit=100${before ? `&before=${before}` : ''}`);
    const page = activityPageSchema.parse(await response.json());
    entries.push(...page.entries);
    if (page.entries.length < 100) return { entries, unread: page.unread };
  }
}

const time = (entry: ActivityEntry) => Date.parse(entry.createdAt);

describe('the browser demo’s activity history', () => {
  it('holds the last days: questions, a couple of stock edits, an operation, an approved lead, one recategorization to review', async () => {
    const { now } = testDb();
    const { entries, unread } = await allEntries();
    const kinds = entries.map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'question').length).toBeGreaterThan(10);
    expect(kinds.filter((kind) => kind === 'stock')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'fulfillment-operation')).toHaveLength(1);
    expect(entries.filter((entry) => entry.kind === 'credit-lead').map((entry) => entry.facts.status)).toEqual(['approved']);
    expect(entries.filter((entry) => entry.review?.reviewedAt === null)).toHaveLength(1);

    expect(entries.every((entry) => entry.accountId === String(demoSeller.id) && time(entry) <= now)).toBe(true);
    expect(now - Math.min(...entries.map(time))).toBeGreaterThan(2 * 24 * hour);
    // Newest first by id and by time alike: the changes were made into entries in the order they happened.
    const ids = entries.map((entry) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(entries.map(time)).toEqual(entries.map(time).sort((a, b) => b - a));
    // What came since the seller last looked, 8 hours before, is unread.
    for (const entry of entries) expect(entry.read).toBe(time(entry) < now - 8 * hour);
    expect(unread).toBe(entries.filter((entry) => !entry.read).length);
    expect(unread).toBeGreaterThan(0);
  });

  it('tells each question as it was then: asked unanswered, answered when the answer came; the db is left as it was', async () => {
    const db = testDb();
    const before = structuredClone([...db.questions.byId.values()]);
    const { entries } = await allEntries();
    expect([...db.questions.byId.values()]).toEqual(before);

    const questions = entries.filter((entry) => entry.kind === 'question');
    for (const entry of questions) {
      const question = db.questions.byId.get(entry.subject.questionId!)!;
      if (entry.facts.status === 'UNANSWERED') expect(time(entry)).toBe(question.date_created);
      else {
        expect(entry.facts.status).toBe('ANSWERED');
        expect(time(entry)).toBe(question.answer!.date_created);
      }
    }
    const asked = new Set(questions.filter((entry) => entry.facts.status === 'UNANSWERED').map((entry) => entry.subject.questionId));
    const answered = questions.filter((entry) => entry.facts.status === 'ANSWERED');
    expect(answered.length).toBeGreaterThan(5);
    for (const entry of answered) expect(asked.has(entry.subject.questionId)).toBe(true);
    // The questions still waiting were asked, and are not answered.
    const waiting = [...db.questions.byId.values()].filter((q) => q.status === 'UNANSWERED' && q.date_created >= db.now - 3 * 24 * hour);
    expect(waiting.length).toBeGreaterThan(0);
    for (const question of waiting) expect(asked.has(question.id)).toBe(true);
  });

  it('moves the recategorized item at once, and its review names the category it left and the one it is in', async () => {
    const db = testDb();
    const item = db.items.get(recategorized)!;
    const { entries } = await allEntries();
    const review = entries.find((entry) => entry.kind === 'recategorization')!.review!;
    expect(review.to.categoryId).toBe(item.category_id);
    expect(review.from.categoryId).not.toBe(item.category_id);
    expect(review.from.path).toEqual(['Celulares y Teléfonos', 'Celulares y Smartphones']);
    expect(review.itemTitle).toBe(item.title);
    expect(review.missingAttributes.length).toBeGreaterThan(0);
  });

  it('makes a live change the next entry, unread, even when it comes before the first read', async () => {
    const asked = await fetch(`${origin}/api/__demo/questions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${demoSeller.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: '¿Hacen envíos a Mendoza?' }),
    });
    const { id } = (await asked.json()) as { id: number };
    const { entries } = await allEntries();
    const [newest, ...history] = entries;
    expect(newest).toMatchObject({
      id: String(history.length + 1),
      read: false,
      subject: { questionId: id },
      facts: { status: 'UNANSWERED' },
    });
    expect(history.length).toBeGreaterThan(20);
    expect(history.filter((entry) => entry.subject.questionId === id)).toEqual([]);
  });

  it('keeps an answer given before the first read: the history has the question asked, the answer is the live entry', async () => {
    const db = testDb();
    const waiting = [...db.questions.byId.values()].find((q) => q.seller_id === demoSeller.id && q.status === 'UNANSWERED')!;
    const answered = await fetch(`${origin}/api/answers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${demoSeller.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question_id: waiting.id, text: 'Sí, hay stock.' }),
    });
    expect(answered.status).toBe(200);
    const { entries } = await allEntries();
    const about = entries.filter((entry) => entry.subject.questionId === waiting.id).map((entry) => [entry.id, entry.facts.status]);
    expect(about).toEqual([
      [String(entries.length), 'ANSWERED'],
      [expect.any(String), 'UNANSWERED'],
    ]);
    expect(db.questions.byId.get(waiting.id)).toMatchObject({ status: 'ANSWERED', answer: { text: 'Sí, hay stock.' } });
  });
});
