import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * msw's service worker (public/mockServiceWorker.js, written by `msw init`) sends every fetch of the page to
 * the page's main thread, the app's own chunks, styles and fonts included, to ask msw whether it mocks it: a
 * round trip and a pass over every handler each, while the page starts. msw has no option to narrow that, so
 * the worker is patched as it is served (dev) and emitted (build): only the simulator's paths reach the page,
 * everything else goes to the network untouched. The file in public/ stays as msw writes it, and a new
 * version without the anchor below fails the build rather than silently losing the patch.
 */
const workerFile = 'mockServiceWorker.js';
const anchor = "addEventListener('fetch', function (event) {\n";

/**
 * What the simulator answers (src/demo/handlers under any `/api/`, src/demo/activity.ts at the server's
 * `/events` and `/activity…`, src/demo/door.ts at `/reveal/…`, `/lead-reviews…`, `/audit`, `/account/settings`, `/account/templates…` and `/suggestions`, src/demo/team.ts at
 * `/session`, `/team…`, `/invitations/…`, `/me/…`, `/auth/logout-everywhere` and the demo's own `/__demo/…`, src/demo/stockJobs.ts at `/stock-jobs…`, src/demo/lowStock.ts at `/low-stock…`),
 * asked by the page itself: never a navigation, which is the app's page.
 */
const isDemoRequest = `
// Seller Desk (scripts/demo-worker.ts): only requests the demo simulator answers go to the page.
function isDemoRequest(request) {
  const url = new URL(request.url)
  return (
    request.mode !== 'navigate' &&
    url.origin === self.location.origin &&
    /^\\/(?:api\\/|events$|activity(?:\\/|$)|reveal\\/|lead-reviews(?:\\/|$)|audit$|account\\/(?:settings$|templates(?:\\/|$))|suggestions$|session$|team(?:\\/|$)|invitations\\/|me\\/|auth\\/logout-everywhere$|__demo\\/|stock-jobs(?:\\/|$)|low-stock(?:\\/|$))/.test(
      url.pathname,
    )
  )
}
`;

/** The worker's source with every request outside the simulator's paths left to the network. */
export function patchWorker(source: string): string {
  const at = source.indexOf(anchor);
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0)
    throw new Error(
      `${workerFile}: the fetch listener (${JSON.stringify(anchor)}) is not there exactly once; update scripts/demo-worker.ts`,
    );
  const end = at + anchor.length;
  // Returning without respondWith() lets the browser fetch the request as if there were no worker.
  return `${source.slice(0, end)}  if (!isDemoRequest(event.request)) {\n    return\n  }\n\n${source.slice(end)}${isDemoRequest}`;
}

/** Serves (dev) and emits (build) the patched worker in place of public/mockServiceWorker.js. */
export function demoWorker(): Plugin {
  let publicDir = '';
  const patched = () => patchWorker(readFileSync(join(publicDir, workerFile), 'utf8'));
  return {
    name: 'seller-desk-demo-worker',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    configureServer(server) {
      server.middlewares.use(`/${workerFile}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(patched());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: workerFile, source: patched() });
    },
  };
}
