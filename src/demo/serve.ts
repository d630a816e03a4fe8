import type { AddressInfo } from 'node:net';
import { demoSeller } from './db/core';
import { createDemoServer } from './server';

// `npm run demo-api`: the simulator on PORT (default 4400; 0 picks a free one) and HOST (default
// 127.0.0.1), seeded as SEED says (default or large). SIGTERM or SIGINT stops it.
const { server } = createDemoServer({ seed: process.env.SEED === 'large' ? 'large' : 'default' });
server.listen(Number(process.env.PORT ?? 4400), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  process.stdout.write(`Demo seller API on http://${host}:${port}\nToken of the demo seller: ${demoSeller.token}\n`);
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
