import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { afterWrite, reshapeGet } from '../test/http';
import { configureClient } from './client';
import { clearDrift, driftRecords } from './drift';
import {
  answerQuestion,
  deleteQuestion,
  getQuestion,
  hideQuestions,
  questionStatuses,
  revealQuestionContact,
  searchQuestions,
} from './questions';
import { testDb, demoSeller, otherSeller, seedItems, createRandom, seedQuestions, type QuestionRecord } from '../test/demo';
import { allReadable, changeElement } from '../test/readable';
import { isUnreadable } from './unreadable';

const sellerId = demoSeller.id;

// Spec "Limits": "| Unanswered questions | deleted when older than 7 months |".
function sevenMonthsAfter(time: number): number {
  const date = new Date(time);
  date.setUTCMonth(date.getUTCMonth() + 7);
  return date.getTime();
}
const records = () => [...testDb().questions.byId.values()];
const firstWith = (test: (q: QuestionRecord) => boolean) => {
  const found = records().find(test);
  if (!found) throw new Error('the seed lacks a question for this test');
  return found;
};

describe('GET /questions/search', () => {
  it('needs item or seller_id (400 otherwise)', async () => {
    await expect(searchQuestions({})).rejects.toMatchObject({ status: 400 });
  });

  it('pages with limit/offset, default page size 50, and echoes the filters', async () => {
    const result = await searchQuestions({ sellerId });
    expect(result.limit).toBe(50);
    expect(result.questions).toHaveLength(50);
    expect(result.filters).toMatchObject({
      limit: 50,
      offset: 0,
      api_version: '4',
      is_admin: false,
      caller: sellerId,
      seller_id: String(sellerId),
    });
    const next = await searchQuestions({ sellerId, limit: 10, offset: 50 });
    expect(next.filters).toMatchObject({ limit: 10, offset: 50 });
    const page = await searchQuestions({ sellerId, limit: 60 });
    expect(page.questions.slice(50).map((q) => q.id)).toEqual(next.questions.map((q) => q.id));
  });

  it('reads the questions one by one: one without its text keeps its place as unreadable, the others are listed', async () => {
    const whole = allReadable((await searchQuestions({ sellerId, limit: 5 })).questions);
    reshapeGet('/questions/search', (body) => changeElement(body, 'questions', 1, ({ text: _text, ...question }) => question));
    const result = await searchQuestions({ sellerId, limit: 5 });
    expect(result.questions).toEqual([whole[0], { unreadable: 'missing', id: String(whole[1]!.id) }, ...whole.slice(2)]);
    expect(result.questions.filter(isUnreadable)).toHaveLength(1);
    expect(driftRecords()).toEqual([
      { where: 'GET /questions/search', detail: expect.stringMatching(new RegExp(`^${whole[1]!.id}: text: `)), count: 1 },
    ]);
  });

  it('refuses a limit outside 1..100, an unknown status, sort field or sort type (400)', async () => {
    await expect(searchQuestions({ sellerId, limit: 101 })).rejects.toMatchObject({ status: 400 });
    await expect(searchQuestions({ sellerId, limit: 0 })).rejects.toMatchObject({ status: 400 });
    await expect(searchQuestions({ sellerId, status: 'OPEN' as 'ANSWERED' })).rejects.toMatchObject({ status: 400 });
    await expect(searchQuestions({ sellerId, sortFields: ['price' as 'item_id'] })).rejects.toMatchObject({ status: 400 });
    await expect(searchQuestions({ sellerId, sortType: 'UP' as 'ASC' })).rejects.toMatchObject({ status: 400 });
    await expect(searchQuestions({ item: 'toyota' })).rejects.toMatchObject({ status: 400 });
  });

  it('counts every visible question of the seller in total', async () => {
    const result = await searchQuestions({ sellerId, limit: 1 });
    expect(result.total).toBe(records().length);
  });

  it('filters by status and lists every status in available_filters with its count', async () => {
    const all = await searchQuestions({ sellerId, limit: 1 });
    const statusFilter = all.available_filters.find((f) => f.id === 'status');
    expect(statusFilter?.values?.map((v) => v.id)).toEqual([...questionStatuses]);
    expect(all.available_filters.map((f) => f.id)).toEqual(['from', 'seller', 'totalDivisions', 'division', 'status']);
    expect(all.available_sorts).toEqual(['item_id', 'from_id', 'date_created', 'seller_id']);
    for (const value of statusFilter!.values!) {
      expect(value.count).toBeGreaterThan(0);
      const filtered = await searchQuestions({ sellerId, status: value.id as 'ANSWERED', limit: 100 });
      expect(filtered.total).toBe(value.count);
      expect(allReadable(filtered.questions).every((q) => q.status === value.id)).toBe(true);
    }
  });

  it('filters by item, and by asker only together with item', async () => {
    const sample = firstWith((q) => q.status === 'ANSWERED');
    const byItem = await searchQuestions({ item: sample.item_id, limit: 100 });
    expect(allReadable(byItem.questions).every((q) => q.item_id === sample.item_id)).toBe(true);
    expect(byItem.filters.item).toBe(sample.item_id);
    const byAsker = await searchQuestions({ item: sample.item_id, from: sample.from.id });
    expect(byAsker.total).toBeGreaterThan(0);
    expect(allReadable(byAsker.questions).every((q) => q.from.id === sample.from.id)).toBe(true);
    await expect(searchQuestions({ sellerId, from: sample.from.id })).rejects.toMatchObject({ status: 400 });
  });

  it('sorts by sort_fields and sort_types', async () => {
    const desc = await searchQuestions({ sellerId, limit: 100 });
    const dates = allReadable(desc.questions).map((q) => Date.parse(q.date_created));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const asc = await searchQuestions({ sellerId, sortFields: ['item_id'], sortType: 'ASC', limit: 100 });
    const items = allReadable(asc.questions).map((q) => q.item_id);
    expect(items).toEqual([...items].sort());
    expect(asc.filters.sorts).toEqual(['item_id ASC']);
  });

  it('writes dates in offset form (-04:00)', async () => {
    const result = await searchQuestions({ sellerId, status: 'ANSWERED' });
    expect(allReadable(result.questions)[0]!.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-04:00$/);
    expect(allReadable(result.questions)[0]!.answer!.date_created).toMatch(/-04:00$/);
  });

  it('returns BANNED questions and their answers with empty text', async () => {
    const result = await searchQuestions({ sellerId, status: 'BANNED', limit: 100 });
    expect(result.total).toBeGreaterThan(0);
    for (const question of allReadable(result.questions)) {
      expect(question.text).toBe('');
      if (question.answer) expect(question.answer.text).toBe('');
    }
  });

  it('leaves vehicle askers their answered_questions; their contact, stripped at the door, comes back on a reveal', async () => {
    const vehicle = [...testDb().items.values()].find((item) => item.vehicle)!;
    // At the network, as the door relays it: no contact field at all.
    const raw = (await (
      await fetch(`http://localhost/api/questions/search?api_version=4&item=${vehicle.id}`, {
        headers: { Authorization: `Bearer ${demoSeller.token}` },
      })
    ).json()) as { questions: { id: number; from: object }[] };
    expect(raw.questions.length).toBeGreaterThan(0);
    for (const question of raw.questions) expect(question.from).toEqual({ id: expect.any(Number), answered_questions: expect.any(Number) });
    await expect(revealQuestionContact(raw.questions[0]!.id)).resolves.toEqual({
      first_name: expect.any(String),
      last_name: expect.any(String),
      phone: { number: expect.any(String), area_code: expect.any(String) },
      email: expect.stringContaining('@'),
    });
    const plain = [...testDb().items.values()].find((item) => !item.vehicle)!;
    const other = await searchQuestions({ item: plain.id });
    expect(allReadable(other.questions).every((q) => Object.keys(q.from).join() === 'id')).toBe(true);
    await expect(revealQuestionContact(allReadable(other.questions)[0]!.id)).rejects.toMatchObject({ status: 404 });
  });

  it('leaves out unanswered questions older than 7 months', async () => {
    const db = testDb();
    const oldest = records()
      .filter((q) => q.status === 'UNANSWERED')
      .sort((a, b) => a.date_created - b.date_created)[0]!;
    const visible = async () =>
      (await searchQuestions({ item: oldest.item_id, status: 'UNANSWERED', limit: 100 })).questions.some((q) => q.id === oldest.id);
    db.clockOffset = sevenMonthsAfter(oldest.date_created) - Date.now() - 60_000;
    expect(await visible()).toBe(true);
    db.clockOffset = sevenMonthsAfter(oldest.date_created) - Date.now() + 1000;
    expect(await visible()).toBe(false);
    await expect(getQuestion(oldest.id)).rejects.toMatchObject({ status: 404, error: 'not_found' });
  });
});

describe('GET /questions/{id}', () => {
  it('adds buyer_id, last_updated and app_id, with UTC dates with fractional seconds', async () => {
    const sample = firstWith((q) => q.status === 'ANSWERED');
    const question = await getQuestion(sample.id);
    expect(question).toMatchObject({ id: sample.id, buyer_id: sample.from.id, app_id: sample.app_id, text: sample.text });
    expect(question.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(question.last_updated).toMatch(/\.\d{3}Z$/);
  });

  it('answers 400 invalid_question for a non-integer id and 404 for an unknown one', async () => {
    await expect(getQuestion(Number.NaN)).rejects.toMatchObject({ status: 400, error: 'invalid_question' });
    await expect(getQuestion(1)).rejects.toMatchObject({ status: 404, error: 'not_found' });
  });

  it('needs a token (401)', async () => {
    configureClient({ getToken: () => '' });
    await expect(getQuestion(firstWith(() => true).id)).rejects.toMatchObject({ status: 401 });
  });
});

describe('POST /answers', () => {
  it('answers an UNANSWERED question: it becomes ANSWERED with an ACTIVE answer', async () => {
    const sample = firstWith((q) => q.status === 'UNANSWERED');
    const answered = await answerQuestion({ question_id: sample.id, text: 'Sí, hay stock.' });
    expect(answered).toMatchObject({ status: 'ANSWERED', answer: { text: 'Sí, hay stock.', status: 'ACTIVE' } });
    expect((await getQuestion(sample.id)).status).toBe('ANSWERED');
  });

  it('is a 400 not_unanswered_question for a question that is not UNANSWERED', async () => {
    const sample = firstWith((q) => q.status === 'ANSWERED');
    await expect(answerQuestion({ question_id: sample.id, text: 'Otra vez' })).rejects.toMatchObject({
      status: 400,
      error: 'not_unanswered_question',
    });
  });

  it('is a 400 invalid_question when question_id is not an integer', async () => {
    await expect(answerQuestion({ question_id: 1.5, text: 'Hola' })).rejects.toMatchObject({
      status: 400,
      error: 'invalid_question',
      message: 'The question is invalid',
    });
  });

  it('is a 400 invalid_post_body when question_id or text is missing', async () => {
    const sample = firstWith((q) => q.status === 'UNANSWERED');
    await expect(answerQuestion({ question_id: sample.id } as { question_id: number; text: string })).rejects.toMatchObject({
      status: 400,
      error: 'invalid_post_body',
      message: 'Invalid JSON; valid attributes are listed',
    });
  });

  it('refuses an answer over 2,000 characters', async () => {
    const sample = firstWith((q) => q.status === 'UNANSWERED');
    await expect(answerQuestion({ question_id: sample.id, text: 'x'.repeat(2001) })).rejects.toMatchObject({
      status: 400,
      error: 'invalid_text',
    });
    expect(testDb().questions.byId.get(sample.id)!.status).toBe('UNANSWERED');
  });

  it("is a 403 on another seller's question", async () => {
    configureClient({ getToken: () => otherSeller.token });
    const sample = firstWith((q) => q.status === 'UNANSWERED');
    await expect(answerQuestion({ question_id: sample.id, text: 'Hola' })).rejects.toMatchObject({ status: 403 });
  });
});

describe('DELETE /questions/{id}', () => {
  it('answers an array holding one confirmation string, and the question is gone', async () => {
    const sample = firstWith(() => true);
    const result = await deleteQuestion(sample.id);
    expect(result).toEqual([expect.any(String)]);
    await expect(getQuestion(sample.id)).rejects.toMatchObject({ status: 404 });
  });

  it("uses the item owner's token: another seller gets 403", async () => {
    configureClient({ getToken: () => otherSeller.token });
    await expect(deleteQuestion(firstWith(() => true).id)).rejects.toMatchObject({ status: 403 });
  });
});

describe('POST /my/questions/hidden', () => {
  it('hides the questions from search', async () => {
    const first = await searchQuestions({ sellerId, limit: 2 });
    const ids = allReadable(first.questions).map((q) => q.id);
    await expect(hideQuestions(ids)).resolves.toEqual({ question_ids: ids });
    const after = await searchQuestions({ sellerId, limit: 50 });
    expect(after.total).toBe(first.total - 2);
    expect(allReadable(after.questions).some((q) => ids.includes(q.id))).toBe(false);
  });

  it('is a 400 invalid_post_body without question_ids', async () => {
    await expect(hideQuestions([])).rejects.toMatchObject({ status: 400, error: 'invalid_post_body' });
  });
});

describe('writes answered 2xx with a body of another shape', () => {
  beforeEach(clearDrift);

  it('a deletion and a hide are done all the same, and the drift is recorded', async () => {
    const [first, second] = [...testDb().questions.byId.values()].filter((q) => q.seller_id === sellerId);
    afterWrite('delete', '/questions/:id', () => HttpResponse.json({ deleted: true }));
    afterWrite('post', '/my/questions/hidden', () => new HttpResponse('OK', { status: 200 }));
    await expect(deleteQuestion(first!.id)).resolves.toBeUndefined();
    await expect(hideQuestions([second!.id])).resolves.toBeUndefined();
    expect(testDb().questions.byId.has(first!.id)).toBe(false);
    expect(testDb().questions.hidden.has(second!.id)).toBe(true);
    expect(driftRecords().map((drift) => drift.where)).toEqual([`DELETE /questions/${first!.id}`, 'POST /my/questions/hidden']);
  });
});

describe('contract', () => {
  it('every search page and every question by id of the default seed passes the client schemas', async () => {
    // The typed functions parse with the schemas: a response the client would reject throws ContractError.
    let offset = 0;
    let total = Infinity;
    const seen: number[] = [];
    while (offset < total) {
      const page = await searchQuestions({ sellerId, limit: 100, offset });
      total = page.total;
      seen.push(...allReadable(page.questions).map((q) => q.id));
      offset += 100;
    }
    expect(seen).toHaveLength(records().length);
    for (const id of seen) await getQuestion(id);
    for (const status of questionStatuses) await searchQuestions({ sellerId, status });
  });
});

describe('seeds', () => {
  it('default: hundreds of questions, every status, repeat askers, and recent ones for response time', () => {
    const all = records();
    expect(all.length).toBeGreaterThan(300);
    expect(new Set(all.map((q) => q.status))).toEqual(new Set(questionStatuses));
    const now = testDb().now;
    const recent = all.filter((q) => now - q.date_created < 14 * 86_400_000);
    expect(recent.length).toBeGreaterThan(100);
    const pairs = new Set<string>();
    let repeats = 0;
    for (const q of recent) {
      const key = `${q.from.id}/${q.item_id}`;
      if (pairs.has(key)) repeats += 1;
      pairs.add(key);
    }
    expect(repeats).toBeGreaterThan(5);
    expect(all.every((q) => q.status !== 'UNANSWERED' || sevenMonthsAfter(q.date_created) > now)).toBe(true);
  });

  it('large: at least 10,000 questions, and its share of the 2-second start is small', () => {
    const random = createRandom(4242);
    const items = new Map(seedItems(random, demoSeller.id).map((item) => [item.id, item]));
    const started = performance.now();
    const state = seedQuestions({ seed: 'large', random, now: Date.now(), seller: demoSeller, otherSeller, items });
    // The whole createDb('large') must start in under 2 s; questions take a small part of it.
    expect(performance.now() - started).toBeLessThan(500);
    expect(state.byId.size).toBeGreaterThanOrEqual(10_000);
  });
});
