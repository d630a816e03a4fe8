import { describe, expect, it } from 'vitest';
import { problemsByField, reviewFilterOf, searchUrlSchema, toSearchParams } from './searchState';

const url = (query: Record<string, string>) => searchUrlSchema.parse(query);

describe('the search form applies the spec rules before sending', () => {
  it('defaults to approved leads of the last 30 days, whole local days', () => {
    const params = toSearchParams(url({}), 7);
    expect(params).toMatchObject({ seller_id: 7, status: 'approved', offset: 0, limit: 100 });
    expect(params.date_from).toMatch(/T00:00:00$/);
    expect(params.date_to).toMatch(/T23:59:59$/);
    expect(problemsByField(params)).toEqual({});
  });

  it('puts each broken rule at its field', () => {
    const params = toSearchParams(url({ from: '2026-01-01', to: '2026-05-02', entity: 'BANK_9', item: 'mla1', limit: '500' }), 7);
    expect(problemsByField(params)).toEqual({ dates: 'date_range', entity: 'entity', item: 'item_id', page: 'limit' });
    expect(problemsByField(toSearchParams(url({ from: '', to: '2026-05-02' }), 7))).toEqual({ dates: 'date_format' });
  });

  it('falls back on an unknown status or review filter instead of failing', () => {
    expect(url({ status: 'pending', review: 'maybe', reviewed: 'maybe' })).toMatchObject({
      status: 'approved',
      review: 'any',
      reviewed: undefined,
    });
  });

  it('maps an earlier version’s reviewed= filter onto the review statuses', () => {
    expect(reviewFilterOf(url({ reviewed: 'reviewed' }))).toBe('reviewed');
    expect(reviewFilterOf(url({ reviewed: 'unreviewed' }))).toBe('new');
    expect(reviewFilterOf(url({ reviewed: 'unreviewed', review: 'sold' }))).toBe('sold');
    expect(reviewFilterOf(url({}))).toBe('any');
  });
});
