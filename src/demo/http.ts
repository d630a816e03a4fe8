import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getResponse, type RequestHandler } from 'msw';

/**
 * MSW handlers answering real HTTP in Node (`@mswjs/http-middleware` calls `handleRequest`, which msw 3
 * no longer exports, so this adapter uses the exported `getResponse`).
 *
 * `mount` is prepended to every incoming path: the handlers match `*\/api/...` because in the browser they
 * share the origin with the app's pages and assets, while a server of its own answers at the spec's paths
 * (root), which is what the live proxy calls once it has stripped `/api`.
 */
export function createRequestListener(handlers: RequestHandler[], options: { mount?: string } = {}): RequestListener {
  const mount = options.mount ?? '';
  return (incoming, outgoing) => {
    answer(handlers, mount, incoming, outgoing).catch((error: unknown) => {
      console.error('demo-api: handler failed', error);
      if (outgoing.headersSent) outgoing.destroy();
      else sendJson(outgoing, 500, { message: 'Internal server error', error: 'internal_error', status: 500, cause: [] });
    });
  };
}

async function answer(handlers: RequestHandler[], mount: string, incoming: IncomingMessage, outgoing: ServerResponse) {
  const response = await getResponse(handlers, await toRequest(incoming, mount));
  if (!response) {
    sendJson(outgoing, 404, { message: `No resource at ${incoming.method} ${incoming.url}`, error: 'not_found', status: 404, cause: [] });
    return;
  }
  // HttpResponse.error(): the simulator's "no response at all" (an injected network failure).
  if (response.type === 'error') {
    outgoing.destroy();
    return;
  }
  outgoing.statusCode = response.status;
  for (const [name, value] of response.headers) outgoing.appendHeader(name, value);
  if (!response.body) {
    outgoing.end();
    return;
  }
  for await (const chunk of response.body) outgoing.write(chunk);
  outgoing.end();
}

async function toRequest(incoming: IncomingMessage, mount: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const method = incoming.method ?? 'GET';
  // Bodies here are small JSON documents: read whole, which spares the streamed-body options of fetch.
  const chunks: Buffer[] = [];
  if (method !== 'GET' && method !== 'HEAD') for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return new Request(`http://${incoming.headers.host ?? 'localhost'}${mount}${incoming.url ?? '/'}`, {
    method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
}

function sendJson(outgoing: ServerResponse, status: number, body: unknown) {
  outgoing.statusCode = status;
  outgoing.setHeader('Content-Type', 'application/json');
  outgoing.end(JSON.stringify(body));
}
