import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActivityHandlers } from '../src/demo/activity';
import { createDoorHandlers } from '../src/demo/door';
import { createDb } from '../src/demo/db';
import { createHandlers } from '../src/demo/handlers';
import { createStockJobHandlers } from '../src/demo/stockJobs';
import { patchWorker } from './demo-worker';

const origin = 'http://127.0.0.1:4411';
const source = readFileSync(join(import.meta.dirname, '../public/mockServiceWorker.js'), 'utf8');

type Listener = (event: object) => void;
interface Message {
  type: string;
  payload?: { url?: string };
}

/**
 * Evaluates the patched worker as a browser would, with one page that has started msw. `fetch` dispatches a
 * fetch event and tells whether the worker asked the page (answering as msw would with a mocked body) or
 * left the request to the network (no respondWith).
 */
async function startWorker() {
  const listeners = new Map<string, Listener>();
  const asked: string[] = [];
  const page = {
    id: 'page',
    frameType: 'top-level',
    visibilityState: 'visible',
    postMessage(message: Message, transfer: MessagePort[] = []) {
      if (message.type !== 'REQUEST') return;
      asked.push(message.payload?.url ?? '');
      const [port] = transfer;
      port?.postMessage({ type: 'MOCK_RESPONSE', data: { status: 200, statusText: 'OK', headers: {}, body: 'mocked' } });
      port?.close();
    },
  };
  const self = {
    location: new URL(origin),
    registration: { scope: `${origin}/` },
    clients: { get: async () => page, matchAll: async () => [page], claim: async () => {} },
    skipWaiting: () => {},
  };
  const caches = { open: async () => ({ match: async () => undefined, put: async () => {} }) };
  const addEventListener = (type: string, listener: Listener) => listeners.set(type, listener);
  new Function('self', 'caches', 'addEventListener', patchWorker(source))(self, caches, addEventListener);

  const dispatch = async (type: string, event: object) => {
    let settled: Promise<unknown> | undefined;
    const done = (promise: Promise<unknown>) => (settled = promise);
    listeners.get(type)?.({ ...event, waitUntil: done, respondWith: done });
    return settled && (await settled);
  };
  await dispatch('message', { source: page, data: 'MOCK_ACTIVATE' });

  return {
    asked,
    async fetch(path: string, mode: RequestMode | 'navigate' = 'cors'): Promise<'page' | 'network'> {
      const request = new Request(new URL(path, origin));
      // A navigation cannot be built with `new Request`; the worker only reads its mode.
      Object.defineProperty(request, 'mode', { value: mode });
      const response = await dispatch('fetch', { request, clientId: page.id });
      if (response === undefined) return 'network';
      expect(await (response as Response).text()).toBe('mocked');
      return 'page';
    },
  };
}

describe('the demo service worker', () => {
  it("leaves the app's own files and pages to the network", async () => {
    const worker = await startWorker();
    expect(await worker.fetch('/assets/index-abc123.js')).toBe('network');
    expect(await worker.fetch('/favicon.svg', 'no-cors')).toBe('network');
    expect(await worker.fetch('/', 'navigate')).toBe('network');
    // The activity page shares its path with the simulator's GET /activity; opening it is a navigation.
    expect(await worker.fetch('/activity', 'navigate')).toBe('network');
    expect(await worker.fetch('https://fonts.example/api/x')).toBe('network');
    expect(worker.asked).toEqual([]);
  });

  it('asks the page for every path the simulator answers', async () => {
    const worker = await startWorker();
    const db = createDb();
    const marketplace = createHandlers(db);
    const paths = [
      ...createDoorHandlers(db, marketplace, new Set()),
      ...createStockJobHandlers(db, marketplace, new Set()),
      ...marketplace,
      ...createActivityHandlers(db),
    ]
      // The door's check stands before every path (`*`): not a path of its own.
      .filter(({ info }) => info.path !== '*')
      .map(({ info }) => String(info.path).replace(/:\w+/g, 'x').replace('*', origin));
    expect(paths).toContain(`${origin}/api/users/me`);
    expect(paths).toContain(`${origin}/team/people/x`);
    for (const path of paths) expect([path, await worker.fetch(path)]).toEqual([path, 'page']);
    expect(worker.asked).toEqual(paths);
  });

  it('refuses a worker whose fetch listener it cannot find', () => {
    expect(() => patchWorker(source.replace("'fetch', function (event) {", "'fetch', (event) => {"))).toThrow(/fetch listener/);
  });
});
