import { describe, expect, it } from 'vitest';
import { testDb } from './node';
import { demoSeller, otherSeller } from './db/core';
import { readScenario } from './scenario';

/** GET /users/me with a bearer token (none when empty): status and body. */
async function getMe(token = demoSeller.token) {
  const response = await fetch('http://localhost/api/users/me', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('demo backend wrapper', () => {
  it('answers 401 in the spec error shape without a token, and identifies each seller by token', async () => {
    expect(await getMe('')).toEqual({
      status: 401,
      body: { status: 401, error: 'unauthorized', message: 'authorization value not present', cause: [] },
    });
    expect(await getMe('nonsense')).toMatchObject({ status: 401, body: { message: 'invalid access token' } });
    expect(await getMe(otherSeller.token)).toMatchObject({ status: 200, body: { id: otherSeller.id, nickname: otherSeller.nickname } });
  });

  it('injects one-off failures (status or no response) for the matching request only', async () => {
    testDb().config.failures.push({ method: 'GET', path: '^/users/me$', status: 503, times: 1 });
    expect(await getMe()).toMatchObject({ status: 503, body: { error: 'internal_error' } });
    expect(await getMe()).toMatchObject({ status: 200 });
    testDb().config.failures.push({ method: 'GET', path: '/users/me', status: 'network', times: 1 });
    await expect(getMe()).rejects.toThrow(TypeError);
  });

  it('fails a share of requests when failRate is set', async () => {
    testDb().config.failRate = 1;
    expect(await getMe()).toMatchObject({ status: 500, body: { error: 'internal_error' } });
  });

  it('adds the configured latency', async () => {
    testDb().config.latencyMs = 120;
    const started = performance.now();
    await getMe();
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('reads the scenario from the address and keeps it where it is told', () => {
    let saved: string | null = null;
    const kept = { read: () => saved, write: (value: string) => (saved = value) };
    const chaos = { seed: 'large', config: { latencyMs: 250, failRate: 0.2, chaosSeed: 42 } };
    expect(readScenario('?seed=large&latency=250&fail=0.2&chaos=42', kept)).toEqual(chaos);
    expect(readScenario('', kept)).toEqual(chaos);
    expect(readScenario('?seed=default&fail=7&latency=-3&chaos=x', kept)).toEqual({
      seed: 'default',
      config: { latencyMs: 0, failRate: 1, chaosSeed: null },
    });
  });
});
