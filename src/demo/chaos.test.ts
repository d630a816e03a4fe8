import { describe, expect, it } from 'vitest';
import { demoSeller } from './db/core';
import type { Traffic } from './chaos';
import { resetDb, testDb } from './node';

const origin = 'http://localhost';
const auth = { Authorization: `Bearer ${demoSeller.token}` };

/** How a request came back: its status (with Retry-After on a 429), "malformed" for a 200 that is not JSON, "dropped" without a response. */
async function outcome(path: string, init: RequestInit = {}): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${origin}${path}`, { ...init, headers: { ...auth, ...init.headers } });
  } catch {
    return 'dropped';
  }
  const text = await response.text();
  if (response.status === 429) return `429 after ${response.headers.get('retry-after')}`;
  if (response.ok && text) {
    try {
      JSON.parse(text);
    } catch {
      return 'malformed';
    }
  }
  return String(response.status);
}

/** Outcomes by path, the requests sent all at once in the order given. */
async function outcomes(paths: string[]): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(paths.map(async (path) => [path, await outcome(path)] as const)));
}

const questionPaths = (count: number) => [...testDb().questions.byId.keys()].slice(0, count).map((id) => `/api/questions/${id}`);

function chaos(failRate: number, chaosSeed: number) {
  Object.assign(testDb().config, { failRate, chaosSeed });
}

async function traffic(): Promise<Traffic> {
  return (await (await fetch(`${origin}/api/__demo/traffic`)).json()) as Traffic;
}

describe('the chaos of the demo backend', () => {
  it('fails the same requests the same way for a seed, whatever order they arrive in, and otherwise for another seed', async () => {
    chaos(0.5, 7);
    const paths = questionPaths(24);
    const first = await outcomes(paths);
    expect(Object.values(first).filter((result) => result !== '200').length).toBeGreaterThan(0);

    resetDb();
    chaos(0.5, 7);
    expect(await outcomes([...paths].reverse())).toEqual(first);

    resetDb();
    chaos(0.5, 8);
    expect(await outcomes(paths)).not.toEqual(first);
  });

  it("fails in each of the five ways, counts them, and never fails or counts the simulator's own paths", async () => {
    chaos(1, 3);
    const paths = questionPaths(40);
    const started = performance.now();
    const results = Object.values(await outcomes(paths));
    const kinds = new Set(results.map((result) => result.replace(/[123]$/, 'N')));
    expect(kinds).toEqual(new Set(['500', '429 after N', 'malformed', 'dropped', '200']));
    // A 200 under a failure rate of 1 is a slow answer.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);

    const counted = await traffic();
    expect(counted.requests).toBe(40);
    expect(counted.injected).toEqual({
      server_error: results.filter((result) => result === '500').length,
      rate_limited: results.filter((result) => result.startsWith('429')).length,
      malformed: results.filter((result) => result === 'malformed').length,
      dropped: results.filter((result) => result === 'dropped').length,
      slow: results.filter((result) => result === '200').length,
    });
    expect(counted.log).toHaveLength(40);
    expect(counted.log).toContain(`malformed: GET ${paths[results.indexOf('malformed')]!.slice(4)} #1`);
  });

  it('counts each write that reached a handler and each one applied, a connection dropped after it included', async () => {
    // Thirty recent questions waiting (more than the seed's handful), all answered at once.
    const unanswered = [...testDb().questions.byId.values()].filter((q) => q.status === 'ANSWERED').slice(-30);
    for (const question of unanswered) Object.assign(question, { status: 'UNANSWERED', answer: null });
    chaos(0.6, 11);
    const results = await Promise.all(
      unanswered.map((question) =>
        outcome('/api/answers', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ question_id: question.id, text: 'Sí, hay stock.' }),
        }),
      ),
    );
    const answered = unanswered.map((question) => testDb().questions.byId.get(question.id)!.status === 'ANSWERED');
    // Some connections dropped before the answer was saved, some after it.
    expect(results.some((result, i) => result === 'dropped' && answered[i])).toBe(true);
    expect(results.some((result, i) => result === 'dropped' && !answered[i])).toBe(true);

    const stopped = results.filter((result, i) => ['500', '429'].includes(result.slice(0, 3)) || (result === 'dropped' && !answered[i]));
    expect((await traffic()).writes['POST /answers']).toEqual({
      received: unanswered.length - stopped.length,
      applied: answered.filter(Boolean).length,
    });
  });

  it('fails the given shares of the writes, with 429 (Retry-After 1, not applied) or 500 (some after the write was applied), and never a read', async () => {
    const questions = [...testDb().questions.byId.values()].filter((q) => q.status === 'ANSWERED').slice(-200);
    for (const question of questions) Object.assign(question, { status: 'UNANSWERED', answer: null });
    testDb().config.writeFailures = { rateLimited: 0.2, serverError: 0.2 };
    expect(Object.values(await outcomes(questionPaths(20))).every((result) => result === '200')).toBe(true);
    const results = await Promise.all(
      questions.map((question) =>
        outcome('/api/answers', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ question_id: question.id, text: 'Sí, hay stock.' }),
        }),
      ),
    );
    const answered = questions.map((question) => testDb().questions.byId.get(question.id)!.status === 'ANSWERED');
    const share = (kind: string) => results.filter((result) => result === kind).length / results.length;
    expect(share('429 after 1')).toBeGreaterThan(0.1);
    expect(share('429 after 1')).toBeLessThan(0.3);
    expect(share('500')).toBeGreaterThan(0.1);
    expect(share('500')).toBeLessThan(0.3);
    expect(results.every((result) => ['200', '500', '429 after 1'].includes(result))).toBe(true);
    expect(results.every((result, i) => (result === '200' ? answered[i] : result === '429 after 1' ? !answered[i] : true))).toBe(true);
    // A 500 after the write: the caller cannot tell it from one before, which only a read settles.
    expect(results.some((result, i) => result === '500' && answered[i])).toBe(true);
    expect(results.some((result, i) => result === '500' && !answered[i])).toBe(true);
  });

  it('fails every request with a 500 when no chaos seed is given, as the demo always did', async () => {
    Object.assign(testDb().config, { failRate: 1 });
    expect(Object.values(await outcomes(questionPaths(5)))).toEqual(['500', '500', '500', '500', '500']);
  });
});
