import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './tokenBucket.ts';

describe('the token bucket', () => {
  it('gives the burst at once, then refills at the rate, never beyond the burst', () => {
    let time = 0;
    const bucket = createTokenBucket({ perSecond: 4, burst: 3 }, () => time);
    expect(bucket.take(5)).toBe(3);
    expect(bucket.take()).toBe(0);
    expect(bucket.msUntil()).toBe(250);
    time = 600;
    expect(bucket.take(5)).toBe(2);
    expect(bucket.left()).toBeCloseTo(0.4);
    time = 60_000;
    expect(bucket.left()).toBe(3);
  });

  it('stays empty until the time it was emptied until, then refills from there', () => {
    let time = 1_000;
    const bucket = createTokenBucket({ perSecond: 10, burst: 10 }, () => time);
    bucket.emptyUntil(4_000);
    time = 3_900;
    expect(bucket.take()).toBe(0);
    expect(bucket.msUntil()).toBe(200);
    time = 4_100;
    expect(bucket.take(5)).toBe(1);
  });
});
