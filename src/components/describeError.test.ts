import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError, ContractError } from '../api/errors';
import { describeError } from './describeError';

const broken = new ContractError('GET /items/MLA1', [{ path: 'price', message: 'Expected number' }]);

describe('describeError', () => {
  it("uses the area's words for the rows it knows and keeps the technical details", () => {
    const described = describeError(broken, i18n, () => 'The item could not be read.');
    expect(described).toEqual({ summary: 'The item could not be read.', details: 'GET /items/MLA1: price — Expected number' });
  });

  it('falls back on the common words where the area has none', () => {
    const onlyNotFound = (error: unknown) => (error instanceof ApiError && error.status === 404 ? 'No such item.' : undefined);
    expect(describeError(new ApiError(429, 'too_many_requests', 'slow down'), i18n, onlyNotFound).summary).toBe(
      'Too many requests. Seller Desk retries automatically; wait a moment.',
    );
    expect(describeError(new ApiError(404, 'not_found', 'gone'), i18n, onlyNotFound).summary).toBe('No such item.');
  });

  it("says a timeout of the server's API door is the marketplace's slowness, not a server failure", () => {
    const described = describeError(new ApiError(504, 'timeout', 'The marketplace did not answer in time'), i18n);
    expect(described).toEqual({
      summary: 'The marketplace did not answer in time (timeout). Try again in a moment.',
      details: 'The marketplace did not answer in time',
    });
    expect(describeError(new ApiError(502, 'bad_gateway', 'upstream refused'), i18n).summary).toBe(
      'The server failed (502). Try again in a moment.',
    );
  });

  it("says Seller Desk's own rate budget held the call back, sent nothing, and when to try again", () => {
    const spent = new ApiError(429, 'rate_budget', 'spacing calls', [], 7);
    expect(describeError(spent, i18n).summary).toBe(
      'Seller Desk is pacing its calls to the marketplace to stay within its limit, and sent nothing. Try again in 7 s.',
    );
    // The marketplace's own 429 keeps its words.
    expect(describeError(new ApiError(429, 'too_many_request', 'slow', [], 120), i18n).summary).toMatch(/^Too many requests \(429\): wait/);
  });
});
