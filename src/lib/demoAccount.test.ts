import { expect, it } from 'vitest';
import { demoSeller } from '../test/demo';
import { demoAccount } from './demoAccount';

it('names the seller the simulator seeds for demo mode, with its token', () => {
  const { id, nickname, site_id, token } = demoSeller;
  expect(demoAccount).toEqual({ id, nickname, site_id, token });
});
