import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { makeStaticDir, sessionSecret } from './helpers.ts';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const live = { SELLER_API_URL: 'https://api.example.com', PUBLIC_URL: 'https://desk.example.com', SESSION_SECRET: sessionSecret };

/** Runs the server as `npm run serve` would (Node strips the types), expecting it to refuse to start. */
function refusedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '', OUT_DIR: makeStaticDir(), DATA_DIR: 'memory://', PORT: '0', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the server started with ${JSON.stringify(env)}`));
    }, 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('start refused on a bad setting', () => {
  it.each([
    ['PORT', { PORT: 'eighty' }, 'Invalid setting PORT: must be a port number'],
    ['PORT', { PORT: '70000' }, 'Invalid setting PORT: must be a port number'],
    ['PUBLIC_URL', { PUBLIC_URL: 'desk.example.com' }, 'Invalid setting PUBLIC_URL: must be an http(s) URL'],
    ['PUBLIC_URL', { ...live, PUBLIC_URL: 'https://desk.example.com/app' }, 'Invalid setting PUBLIC_URL: must be an origin without a path'],
    ['SELLER_API_URL', { SELLER_API_URL: 'ftp://api.example.com' }, 'Invalid setting SELLER_API_URL: must be an http(s) URL'],
    ['SELLER_AUTH_URL', { ...live, SELLER_AUTH_URL: 'not a url' }, 'Invalid setting SELLER_AUTH_URL: must be an http(s) URL'],
    ['SELLER_AUTH_URL', { ...live, OAUTH_CLIENT_ID: '1', OAUTH_CLIENT_SECRET: 's' }, 'Missing setting SELLER_AUTH_URL'],
    [
      'OAUTH_CLIENT_SECRET',
      { ...live, SELLER_AUTH_URL: 'https://auth.example.com', OAUTH_CLIENT_ID: '1' },
      'Missing setting OAUTH_CLIENT_SECRET',
    ],
    [
      'OAUTH_CLIENT_ID',
      { ...live, SELLER_AUTH_URL: 'https://auth.example.com', OAUTH_CLIENT_SECRET: 's' },
      'Missing setting OAUTH_CLIENT_ID',
    ],
    [
      'SELLER_API_URL',
      { OAUTH_CLIENT_ID: '1', OAUTH_CLIENT_SECRET: 's', SELLER_AUTH_URL: 'https://auth.example.com' },
      'Missing setting SELLER_API_URL',
    ],
    ['SESSION_SECRET', { ...live, SESSION_SECRET: 'short' }, 'Invalid setting SESSION_SECRET: must be at least 32 bytes'],
    ['SESSION_SECRET', { SELLER_API_URL: live.SELLER_API_URL, PUBLIC_URL: live.PUBLIC_URL }, 'Missing setting SESSION_SECRET'],
    ['PUBLIC_URL', { SELLER_API_URL: live.SELLER_API_URL, SESSION_SECRET: sessionSecret }, 'Missing setting PUBLIC_URL'],
    ['DATABASE_URL', { ...live, DATABASE_URL: 'mysql://db/x' }, 'Invalid setting DATABASE_URL: must be a postgres:// URL'],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }, 'Invalid setting TRUST_PROXY: must be false, true (one proxy), a number of proxies'],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }, 'Invalid setting TRUST_PROXY: must be false, true (one proxy), a number of proxies'],
    ['IMAGE_HOSTS', { IMAGE_HOSTS: 'https://img.example.com/path' }, 'Invalid setting IMAGE_HOSTS'],
    [
      'AUDIT_RETENTION_DAYS',
      { AUDIT_RETENTION_DAYS: '0' },
      'Invalid setting AUDIT_RETENTION_DAYS: must be a whole number of days, at least 1',
    ],
    ['AUDIT_RETENTION_DAYS', { AUDIT_RETENTION_DAYS: 'a year' }, 'Invalid setting AUDIT_RETENTION_DAYS: must be a whole number of days'],
    ['INSTANCE_ID', { INSTANCE_ID: 'web 1' }, 'Invalid setting INSTANCE_ID: must be 1 to 64 letters, digits'],
    ['UPSTREAM_RATE', { UPSTREAM_RATE: '0' }, 'Invalid setting UPSTREAM_RATE: must be a number of calls a second, above 0'],
    ['UPSTREAM_RATE', { UPSTREAM_RATE: 'fast' }, 'Invalid setting UPSTREAM_RATE: must be a number of calls a second'],
    ['UPSTREAM_BURST', { UPSTREAM_BURST: '2.5' }, 'Invalid setting UPSTREAM_BURST: must be a whole number of calls, from 1 to 100000'],
    ['OUT_DIR', { OUT_DIR: '/nonexistent/build' }, 'Invalid setting OUT_DIR: /nonexistent/build/index.html is missing'],
    ['TLS_KEY_FILE', { TLS_CERT_FILE: main }, 'Missing setting TLS_KEY_FILE: TLS_CERT_FILE is set'],
    ['TLS_CERT_FILE', { TLS_KEY_FILE: main }, 'Missing setting TLS_CERT_FILE: TLS_KEY_FILE is set'],
    ['TLS_CERT_FILE', { TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: main }, 'Invalid setting TLS_CERT_FILE: ENOENT'],
  ])('%s: %j', async (_name, env, message) => {
    const { code, stderr } = await refusedStart(env);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`seller-desk: ${message}`);
  });
});

describe('settings', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['true', 1], // the one reverse proxy of a usual deployment, never every hop
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback, 10.0.0.0/8 fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
  ])('TRUST_PROXY=%s trusts %j', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it('default to the demo on 0.0.0.0:8080 with the embedded store', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'demo', port: 8080, host: '0.0.0.0', dataDir: './.data', trustProxy: false, oauth: undefined });
    expect(config.auditRetentionDays).toBe(400);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(config.imageHosts).toEqual(['https://http2.mlstatic.com']);
    expect(config.instanceId).toBe('main');
    expect(loadConfig({ INSTANCE_ID: 'web-2' }).instanceId).toBe('web-2');
    expect(config.upstreamRate).toEqual({ perSecond: 5, burst: 30 });
    expect(loadConfig({ UPSTREAM_RATE: '0.5', UPSTREAM_BURST: '3' }).upstreamRate).toEqual({ perSecond: 0.5, burst: 3 });
  });

  it('turn to live mode with SELLER_API_URL, and to OAuth sign-in with the app’s id and secret', () => {
    const config = loadConfig({
      ...live,
      SELLER_API_URL: 'https://api.example.com/',
      SELLER_AUTH_URL: 'https://auth.example.com',
      OAUTH_CLIENT_ID: '1',
      OAUTH_CLIENT_SECRET: 's',
      TRUST_PROXY: '1',
      IMAGE_HOSTS: 'https://a.example.com, *.b.example.com',
    });
    expect(config).toMatchObject({ mode: 'live', sellerApiUrl: 'https://api.example.com', trustProxy: 1 });
    expect(config.oauth).toEqual({ authUrl: 'https://auth.example.com', clientId: '1', clientSecret: 's' });
    expect(config.imageHosts).toEqual(['https://a.example.com', '*.b.example.com']);
  });
});
