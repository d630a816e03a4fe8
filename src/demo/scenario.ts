import type { DbConfig, SeedName } from './db';

/**
 * Demo scenario from the address bar, kept for the tab's session so it survives navigation:
 * `?seed=large`, `?latency=300` (ms), `?fail=0.1` (share of requests that fail with 500), `&chaos=7` (they
 * fail in five ways, replayably: src/demo/chaos.ts). Where it is kept is the app's to say (its guarded tab
 * storage): the simulator touches no browser storage itself.
 */
export interface Scenario {
  seed: SeedName;
  config: Partial<DbConfig>;
}

export interface SavedScenario {
  read: () => string | null;
  write: (value: string) => void;
}

export function readScenario(search: string, kept: SavedScenario): Scenario {
  const params = new URLSearchParams(search);
  const saved = new URLSearchParams(kept.read() ?? '');
  for (const name of ['seed', 'latency', 'fail', 'chaos']) {
    const value = params.get(name);
    if (value !== null) saved.set(name, value);
  }
  kept.write(saved.toString());
  const latency = Number(saved.get('latency') ?? 0);
  const failRate = Number(saved.get('fail') ?? 0);
  const chaos = saved.get('chaos') ?? '';
  return {
    seed: saved.get('seed') === 'large' ? 'large' : 'default',
    config: {
      latencyMs: Number.isFinite(latency) ? Math.max(0, latency) : 0,
      failRate: Number.isFinite(failRate) ? Math.min(1, Math.max(0, failRate)) : 0,
      chaosSeed: /^\d{1,9}$/.test(chaos) ? Number(chaos) : null,
    },
  };
}
