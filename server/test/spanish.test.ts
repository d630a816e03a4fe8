import { expect, it } from 'vitest';
import { demoAccount } from '../../src/lib/demoAccount.ts';
import { demoSite } from '../src/web.ts';

it("knows the demo seller's site as the app does", () => {
  expect(demoSite).toBe(demoAccount.site_id);
});
