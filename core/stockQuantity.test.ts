import { describe, expect, it } from 'vitest';
import { maxStockQuantity, parseQuantity } from './stockQuantity.ts';

describe('parseQuantity (the edit form and the bulk import)', () => {
  it.each([
    ['12', { quantity: 12 }],
    [' 0 ', { quantity: 0 }],
    ['', { problem: 'required' }],
    ['-3', { problem: 'negative' }],
    ['2.5', { problem: 'decimal' }],
    ['2,5', { problem: 'decimal' }],
    ['1e3', { problem: 'notNumber' }],
    ['abc', { problem: 'notNumber' }],
    ['99999999999999999999', { problem: 'tooLarge' }],
  ])('%j → %j', (text, expected) => {
    expect(parseQuantity(text)).toEqual(expected);
  });

  it('accepts the largest quantity and refuses the next one', () => {
    expect(parseQuantity(String(maxStockQuantity))).toEqual({ quantity: maxStockQuantity });
    expect(parseQuantity(String(BigInt(maxStockQuantity) + 1n))).toEqual({ problem: 'tooLarge' });
  });
});
