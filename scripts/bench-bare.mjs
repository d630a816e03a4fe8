// The baselines of the door figures (bench-doors.mjs), each in a process of its own as the production server is:
//   node scripts/bench-bare.mjs upstream <port>            a fixed fake marketplace: /users/me, /questions/search
//   node scripts/bench-bare.mjs proxy <port> <upstreamUrl>  a minimal Fastify proxy with undici to it
//   node scripts/bench-bare.mjs static <port> <outDir>      Fastify serving the build's precompressed files
//   node scripts/bench-bare.mjs sse <port>                  a bare event stream: GET /events, POST /broadcast
// Each prints `listening http://127.0.0.1:<port>` once it is.
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { request } from 'undici';

const [kind, portText, target] = process.argv.slice(2);
const port = Number(portText);

/** The seller and twenty unanswered questions, as the marketplace answers them (a little over 8 KB). */
const sellerId = 1234;
const me = JSON.stringify({ id: sellerId, nickname: 'BENCH_SELLER', site_id: 'MLA' });
const questions = JSON.stringify({
  total: 20,
  limit: 20,
  questions: Array.from({ length: 20 }, (_, index) => ({
    id: 13_000_000_000 + index,
    item_id: `MLA${1_400_000_000 + index}`,
    seller_id: sellerId,
    status: 'UNANSWERED',
    text: '¿Tenés talle 42 en color negro? Lo necesito para el sábado, ¿llega a Córdoba capital en ese plazo?',
    date_created: '2026-12-01T10:00:00.000-03:00',
    hold: false,
    deleted_from_listing: false,
    tags: [],
    from: { id: 5_000_000 + index, answered_questions: index },
    answer: null,
  })),
});

function listening() {
  console.log(`listening http://127.0.0.1:${port}`);
}

if (kind === 'upstream') {
  const bodies = { '/users/me': me, '/questions/search': questions };
  createServer((req, res) => {
    const body = bodies[req.url.split('?')[0]];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ?? '{"message":"not_found"}');
  }).listen(port, '127.0.0.1', listening);
} else if (kind === 'proxy') {
  const app = Fastify();
  app.get('/api/*', async (req, reply) => {
    const upstream = await request(`${target}${req.url.slice('/api'.length)}`, {
      headers: { authorization: 'Bearer bench', accept: 'application/json' },
    });
    return reply
      .code(upstream.statusCode)
      .type(String(upstream.headers['content-type']))
      .send(await upstream.body.text());
  });
  await app.listen({ port, host: '127.0.0.1' });
  listening();
} else if (kind === 'static') {
  const app = Fastify();
  await app.register(fastifyStatic, { root: resolve(target), preCompressed: true });
  await app.listen({ port, host: '127.0.0.1' });
  listening();
} else if (kind === 'sse') {
  const streams = new Set();
  createServer((req, res) => {
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': connected\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    const entry = JSON.stringify({ id: '1', kind: 'question', resource: '/questions/1', at: new Date().toISOString() });
    for (const stream of streams) stream.write(`id: 1\nevent: activity\ndata: ${entry}\n\n`);
    res.writeHead(200).end();
  }).listen(port, '127.0.0.1', listening);
} else {
  throw new Error(`Unknown baseline ${kind}: upstream, proxy, static or sse`);
}
