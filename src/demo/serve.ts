import type { AddressInfo } from 'node:net';
import { demoSeller } from './db/core';
import { createDemoServer } from './server';

// `npm run demo-api`: the simulator on PORT (default 4400; 0 picks a free one) and HOST (default
// 127.0.0.1), seeded as SEED says (default or large), with the marketplace's sign-in for the OAuth app
// OAUTH_CLIENT_ID / OAUTH_CLIENT_SECRET (demo defaults below), tokens living OAUTH_EXPIRES_IN seconds,
// with NOTIFICATIONS_URL the app's callback: every change is POSTed there as that app's notification, and
// with RATE_LIMIT (calls a second, RATE_BURST at once, default twice the rate) the marketplace's rate limit:
// calls over it are answered 429 with Retry-After, and with WRITE_FAIL_429 / WRITE_FAIL_500 (shares, 0..1) that
// share of the API's writes failed replayably (src/demo/chaos.ts; the stock-in-bulk bench). SIGTERM or SIGINT stops it.
const clientId = process.env.OAUTH_CLIENT_ID || 'seller-desk-demo';
const clientSecret = process.env.OAUTH_CLIENT_SECRET || 'seller-desk-demo-secret';
const expiresIn = Number(process.env.OAUTH_EXPIRES_IN || 21600);
if (!Number.isInteger(expiresIn) || expiresIn <= 0) {
  console.error('demo-api: OAUTH_EXPIRES_IN must be a positive whole number of seconds');
  process.exit(1);
}

const callbackUrl = process.env.NOTIFICATIONS_URL || undefined;
if (callbackUrl && !['http:', 'https:'].includes(URL.parse(callbackUrl)?.protocol ?? '')) {
  console.error('demo-api: NOTIFICATIONS_URL must be an http or https URL');
  process.exit(1);
}

const perSecond = Number(process.env.RATE_LIMIT || 0);
const burst = Number(process.env.RATE_BURST || Math.max(1, Math.ceil(perSecond * 2)));
if (!Number.isFinite(perSecond) || perSecond < 0 || !Number.isInteger(burst) || burst < 1) {
  console.error('demo-api: RATE_LIMIT must be a number of calls a second (0: no limit), RATE_BURST a whole number, at least 1');
  process.exit(1);
}

const share = (name: string) => {
  const value = Number(process.env[name] || 0);
  if (Number.isFinite(value) && value >= 0 && value <= 1) return value;
  console.error(`demo-api: ${name} must be a share of the writes, from 0 to 1`);
  process.exit(1);
};
const writeFailures = { rateLimited: share('WRITE_FAIL_429'), serverError: share('WRITE_FAIL_500') };

const { server } = createDemoServer({
  seed: process.env.SEED === 'large' ? 'large' : 'default',
  ...((writeFailures.rateLimited > 0 || writeFailures.serverError > 0) && { config: { writeFailures } }),
  oauth: { clientId, clientSecret, expiresIn },
  ...(callbackUrl && { notifications: { callbackUrl, applicationId: clientId } }),
  ...(perSecond > 0 && { rateLimit: { perSecond, burst } }),
});
server.listen(Number(process.env.PORT ?? 4400), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  // e2e/live-mode.spec.ts reads the first two lines: keep them first and unchanged.
  process.stdout.write(
    `Demo seller API on ${url}\nToken of the demo seller: ${demoSeller.token}\n` +
      `OAuth app for the server: SELLER_AUTH_URL=${url} OAUTH_CLIENT_ID=${clientId} OAUTH_CLIENT_SECRET=${clientSecret}\n`,
  );
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
