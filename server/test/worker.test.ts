import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Store } from '../src/store/store.ts';
import type { Tokens } from '../src/tokens.ts';
import type { Upstream } from '../src/upstream.ts';
import { createWorker } from '../src/worker.ts';
import { waitFor } from './helpers.ts';

describe('the notification worker beside the intake', () => {
  it('starts no job while a burst is arriving, only once the intake has been quiet for a moment', async () => {
    // Only what the loop touches: the claims, which find nothing, and the restart's reclaim.
    const claims: number[] = [];
    const store = {
      activity: {
        reclaim: async () => 0,
        claim: async () => {
          claims.push(performance.now());
          return [];
        },
      },
    } as unknown as Store;
    const worker = createWorker({
      store,
      tokens: {} as Tokens,
      upstream: {} as Upstream,
      apiUrl: 'http://marketplace.test',
      log: pino({ level: 'silent' }),
      instanceId: 'test',
    });
    try {
      await waitFor(async () => (claims.length === 1 ? true : undefined));
      // A burst: an insert every 2 ms, each kicking the worker as the intake does once it is stored.
      const first = performance.now();
      let last = first;
      for (let i = 0; i < 15; i++) {
        await worker.receive(async () => undefined);
        last = performance.now();
        worker.kick();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await waitFor(async () => (claims.length > 1 ? true : undefined));
      // Nothing was claimed between the burst's inserts (the old worker claimed right after the first), and the
      // job came at least 20 ms after the last.
      expect(claims.slice(1).every((at) => at >= last + 19)).toBe(true);
    } finally {
      await worker.stop();
    }
  });
});
