import { describe, expect, it } from 'vitest';
import { ApiError, ContractError, NetworkError } from '../api/errors';
import { retryDelay, shouldRetry } from './queryClient';

const api = (status: number, retryAfter: number | null = null) => new ApiError(status, 'x', 'x', [], retryAfter);

describe('query retry policy', () => {
  it('retries network errors, 429 and 5xx, three tries in all', () => {
    for (const error of [new NetworkError('GET /x', null), api(429), api(500), api(503)]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });

  it('never retries other 4xx or contract errors', () => {
    for (const error of [api(400), api(401), api(403), api(404), api(409), api(410), new ContractError('GET /x', [])]) {
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
