import { readFileSync } from 'node:fs';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCert } from '../../scripts/selfSignedCert.ts';
import { Browser, signIn, simulatorEnv, startServer, startSimulator, type Simulator, type TestServer } from './helpers.ts';

/** One HTTP/2 request: its response headers and as much of the body as `enough` wants (the whole of it by default). */
function h2Get(
  session: ClientHttp2Session,
  path: string,
  headers: Record<string, string> = {},
  enough: (body: string) => boolean = () => false,
): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path, ...headers });
    let responseHeaders: IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (received) => (responseHeaders = received));
    stream.on('data', (chunk: string) => {
      body += chunk;
      if (enough(body)) {
        stream.close();
        resolve({ headers: responseHeaders, body });
      }
    });
    stream.on('end', () => resolve({ headers: responseHeaders, body }));
    stream.on('error', reject);
  });
}

describe('the server terminating TLS itself', () => {
  const { certFile, keyFile } = selfSignedCert();
  const tls = { cert: readFileSync(certFile) };
  const tlsEnv = { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile };
  let simulator: Simulator;
  let plain: TestServer;
  let secure: TestServer;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    simulator = await startSimulator();
    // Two instances of one deployment (same store and secret): a session signed in at one is valid at the other.
    plain = await startServer(simulatorEnv(simulator));
    secure = await startServer({ ...simulatorEnv(simulator), ...tlsEnv });
    session = connect(secure.url, { ca: tls.cert });
  });
  afterAll(async () => {
    session.close();
    await secure.close();
    await plain.close();
    await simulator.close();
  });

  it('serves the app over HTTP/2, with HSTS since the request came over https', async () => {
    expect(secure.url).toMatch(/^https:/);
    const { headers, body } = await h2Get(session, '/questions');
    expect(session.alpnProtocol).toBe('h2');
    expect(headers[':status']).toBe(200);
    expect(headers['content-type']).toContain('text/html');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(body).toContain('<div id="root">');
  });

  // Node's https client offers no ALPN protocol, as an HTTP/1.1-only client.
  it('still answers clients that only speak HTTP/1.1', async () => {
    const { status, protocol } = await new Promise<{ status: number; protocol: string }>((resolve, reject) => {
      request(`${secure.url}/healthz`, { ca: tls.cert }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, protocol: `HTTP/${response.httpVersion}` });
      })
        .on('error', reject)
        .end();
    });
    expect({ status, protocol }).toEqual({ status: 200, protocol: 'HTTP/1.1' });
  });

  it('streams the activity over HTTP/2 to a session signed in at another instance', async () => {
    const browser = new Browser(plain.url);
    await signIn(browser);
    const { headers, body } = await h2Get(session, '/events', { cookie: browser.cookieHeader() }, (text) => text.includes('\n\n'));
    expect(headers[':status']).toBe(200);
    expect(headers['content-type']).toBe('text/event-stream');
    expect(body).toBe(': connected\n\n');
  });
});
