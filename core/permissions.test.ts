import { describe, expect, it } from 'vitest';
import { apiRoutes, mayCallApi, refusal, requirementOf, serverRoutes } from './permissions.ts';
import { can, roles } from './roles.ts';

/** A concrete path for a pattern: each `:name` segment becomes a value. */
const concrete = (pattern: string) => pattern.replace(/:\w+/g, 'X1');

describe('the permission table', () => {
  it('answers every API path for every role as the role table says', () => {
    for (const { method, path, needs } of apiRoutes) {
      for (const role of roles) {
        const expected = needs === 'member' || needs === 'person' || needs === 'public' || can(role, needs);
        expect(mayCallApi(role, method, concrete(path)).allowed, `${role} ${method} ${path}`).toBe(expected);
      }
    }
  });

  it('keeps a path the table does not name for owners', () => {
    expect(mayCallApi('owner', 'POST', '/questions')).toEqual({ allowed: true });
    for (const role of roles.filter((r) => r !== 'owner'))
      expect(mayCallApi(role, 'POST', '/questions')).toEqual({ allowed: false, lacks: 'unlisted' });
  });

  it('tells a method from another and a segment from a path', () => {
    expect(mayCallApi('viewer', 'GET', '/user-products/U1/stock')).toEqual({ allowed: true });
    expect(mayCallApi('viewer', 'PUT', '/user-products/U1/stock/type/selling_address')).toEqual({ allowed: false, lacks: 'stock.write' });
    expect(mayCallApi('answerer', 'GET', '/vis/loans/search')).toEqual({ allowed: false, lacks: 'credits.read' });
    expect(requirementOf(apiRoutes, 'GET', '/items//x')).toBeUndefined();
    expect(requirementOf(serverRoutes, 'GET', '/audit')).toBe('audit.read');
  });

  it('refuses, for the server and the simulator alike, with a 403 body naming the role and what it lacks', () => {
    expect(refusal('answerer', 'api', 'PUT', '/user-products/U1/stock/type/seller_warehouse')).toEqual({
      error: 'forbidden',
      message: 'Your role, Answerer, does not include stock changes',
      role: 'answerer',
      lacks: 'stock.write',
    });
    expect(refusal('stock_keeper', 'server', 'GET', '/team')).toMatchObject({ role: 'stock_keeper', lacks: 'team.manage' });
    // Paths that need a member, a person or nothing pass the door: their routes check the rest.
    for (const path of ['/session', '/me/passkeys', '/activity']) expect(refusal('viewer', 'server', 'GET', path)).toBeUndefined();
    expect(refusal('viewer', 'server', 'GET', '/assets/index.js')).toBeUndefined();
    expect(refusal('viewer', 'api', 'POST', '/questions')).toMatchObject({ lacks: 'unlisted' });
  });
});
