import { describe, expect, it } from 'vitest';
import { configureClient } from '../api/client';
import { getMe } from '../api/users';
import { testDb } from './node';
import { otherSeller } from './db/core';
import { readScenario } from './scenario';

describe('demo backend wrapper', () => {
  it('answers 401 in the spec error shape without a token, and identifies each seller by token', async () => {
    configureClient({ getToken: () => '' });
    await expect(getMe()).rejects.toMatchObject({ status: 401, error: 'unauthorized', message: 'authorization value not present' });
    configureClient({ getToken: () => 'nonsense' });
    await expect(getMe()).rejects.toMatchObject({ status: 401, message: 'invalid access token' });
    configureClient({ getToken: () => otherSeller.token });
    await expect(getMe()).resolves.toMatchObject({ id: otherSeller.id, nickname: otherSeller.nickname });
  });

  it('injects one-off failures (status or no response) for the matching request only', async () => {
    testDb().config.failures.push({ method: 'GET', path: '^/users/me$', status: 503, times: 1 });
    await expect(getMe()).rejects.toMatchObject({ status: 503, error: 'internal_error' });
    await expect(getMe()).resolves.toBeTruthy();
    testDb().config.failures.push({ method: 'GET', path: '/users/me', status: 'network', times: 1 });
    await expect(getMe()).rejects.toMatchObject({ name: 'NetworkError' });
  });

  it('fails a share of requests when failRate is set', async () => {
    testDb().config.failRate = 1;
    await expect(getMe()).rejects.toMatchObject({ status: 500, error: 'internal_error' });
  });

  it('adds the configured latency', async () => {
    testDb().config.latencyMs = 120;
    const started = performance.now();
    await getMe();
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('reads the scenario from the address and keeps it for the session', () => {
    expect(readScenario('?seed=large&latency=250&fail=0.2')).toEqual({ seed: 'large', config: { latencyMs: 250, failRate: 0.2 } });
    expect(readScenario('')).toEqual({ seed: 'large', config: { latencyMs: 250, failRate: 0.2 } });
    expect(readScenario('?seed=default&fail=7&latency=-3')).toEqual({ seed: 'default', config: { latencyMs: 0, failRate: 1 } });
  });
});
