import { matchPath, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { patterns, urls } from './urls';

/** What the router reads back from a built address (it decodes the path as it matches): the params of `pattern` and the query. */
function readBack(pattern: string, built: string) {
  const url = new URL(built, 'http://desk.test');
  return { params: matchRoutes([{ path: pattern }], url.pathname)?.[0]?.params ?? null, query: Object.fromEntries(url.searchParams) };
}

const below = (root: string, child: string) => `${root}/${child}`;

describe('urls round-trip with the router patterns', () => {
  it.each([
    ['a question', patterns.questions, urls.questions.detail(123, { status: 'UNANSWERED', order: 'asc' }), { id: '123' }],
    ['a user product', patterns.stock, urls.stock.detail('MLAU3000001'), { userProductId: 'MLAU3000001' }],
    [
      'a category',
      patterns.categories,
      urls.categories.detail('MLA', 'MLA 1/7?#', { tab: 'fees' }),
      { site: 'MLA', categoryId: 'MLA 1/7?#' },
    ],
    ['a credit lead', patterns.credits, urls.credits.detail('9b1d…/x', '?status=approved'), { id: '9b1d…/x' }],
  ])('%s: the detail pattern gives back the id, whatever its characters', (_name, area, built, params) => {
    expect(readBack(below(area.root, area.detail), built).params).toEqual(params);
  });

  it('carries typed queries encoded, drops empty values, and keeps a carried search as it was', () => {
    expect(readBack(patterns.fulfillment.root, urls.fulfillment.index({ inventory: 'INV 1&2', item: undefined }))).toEqual({
      params: {},
      query: { inventory: 'INV 1&2' },
    });
    expect(urls.categories.index({ site: '' })).toBe(patterns.categories.root);
    expect(urls.credits.index('?status=approved&offset=100')).toBe('/credits?status=approved&offset=100');
    expect(urls.questions.index('')).toBe('/questions');
  });

  it('every index page is its area root, which the router mounts', () => {
    const indexes = [
      [patterns.questions, urls.questions.index()],
      [patterns.responseTime, urls.responseTime.index()],
      [patterns.stock, urls.stock.index()],
      [patterns.categories, urls.categories.index()],
      [patterns.fulfillment, urls.fulfillment.index()],
      [patterns.credits, urls.credits.index()],
      [patterns.settings, urls.settings.index()],
    ] as const;
    for (const [area, built] of indexes) expect(matchPath(`${area.root}/*`, built)?.params).toEqual({ '*': '' });
    expect(matchPath(below(patterns.fulfillment.root, patterns.fulfillment.operations), urls.fulfillment.operations())).not.toBeNull();
    expect(matchPath(below(patterns.questions.root, patterns.questions.detail), urls.questions.index())?.params).toEqual({});
  });
});
