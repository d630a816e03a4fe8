import { i18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ContractError, NetworkError } from '../api/errors';
import { getQuestion } from '../api/questions';
import { describeError } from '../components/describeError';
import { apiPath, server, testDb } from '../test/demo';
import { createQueryClient, retryDelay, shouldRetry } from './queryClient';

const api = (status: number, retryAfter: number | null = null) => new ApiError(status, 'x', 'x', [], retryAfter);

describe('query retry policy', () => {
  it('retries network errors, 429 and 5xx, three tries in all', () => {
    for (const error of [new NetworkError('GET /x', null), api(429), api(429, 30), api(500), api(503)]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });

  it('never retries other 4xx or contract errors, nor waits out a Retry-After over 30 s', () => {
    for (const error of [api(429, 31), api(400), api(401), api(403), api(404), api(409), api(410), new ContractError('GET /x', [])]) {
      expect(shouldRetry(0, error)).toBe(false);
    }
  });

  it('waits as long as Retry-After says, else backs off exponentially up to 10 s', () => {
    expect(retryDelay(0, api(429, 7))).toBe(7000);
    expect(retryDelay(0, api(503))).toBe(1000);
    expect(retryDelay(1, new NetworkError('GET /x', null))).toBe(2000);
    expect(retryDelay(2, api(500))).toBe(4000);
    expect(retryDelay(6, api(500))).toBe(10_000);
  });
});

describe('a 429 with Retry-After, over the simulator (fake timers)', () => {
  let requests = 0;
  const tooMany = (seconds: number) =>
    server.use(
      http.get(apiPath('/questions/:id'), () => {
        requests += 1;
        // Once the wait is over the demo handler answers again.
        if (requests > 1) return undefined;
        const body = { message: 'Too many requests', error: 'too_many_request', status: 429, cause: [] };
        return HttpResponse.json(body, { status: 429, headers: { 'Retry-After': String(seconds) } });
      }),
    );
  const read = (client: QueryClient) =>
    client.fetchQuery({ queryKey: ['question'], queryFn: () => getQuestion([...testDb().questions.byId.keys()][0]!) });

  beforeEach(() => {
    requests = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('waits out a short Retry-After by itself, then shows the data', async () => {
    tooMany(3);
    const result = read(createQueryClient());
    await vi.advanceTimersByTimeAsync(2_900);
    expect(requests).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toMatchObject({ id: expect.any(Number) });
    expect(requests).toBe(2);
  });

  it('does not wait out an hour: past 30 s the error comes at once, saying how long to wait', async () => {
    tooMany(3600);
    const outcome = read(createQueryClient()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30_000);
    const error = await outcome;
    expect(error).toMatchObject({ status: 429, retryAfter: 3600 });
    expect(requests).toBe(1);
    expect(describeError(error, i18n).summary).toBe('Too many requests (429): wait 60 min, then try again.');
  });
});
