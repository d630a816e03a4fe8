import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { RateSettings } from '../../core/tokenBucket.ts';

/**
 * Every setting of the server, read once from the environment at start. A missing or invalid one throws a
 * ConfigError whose message is one line naming it; main.ts prints it and exits.
 */
export interface Config {
  port: number;
  host: string;
  /** Origin (and path-less base) sellers open; gives the redirect URI, the CSRF origin and cookie Secure. */
  publicUrl: URL;
  mode: 'demo' | 'live';
  sellerApiUrl: string | undefined;
  oauth: { authUrl: string; clientId: string; clientSecret: string } | undefined;
  sessionSecret: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Which proxies' `X-Forwarded-*` headers to believe: none (false), the nearest `n` hops (a number; the
   * server must then be reachable only through them), or the proxies' addresses (a list of addresses, CIDR
   * ranges or `loopback`, `linklocal`, `uniquelocal`). The client address is the last one a trusted proxy
   * saw, never what a client wrote further left in `X-Forwarded-For`.
   */
  trustProxy: false | number | string[];
  imageHosts: string[];
  /**
   * The certificate and key the server terminates TLS with itself, serving HTTP/2 (and HTTP/1.1 to clients
   * without it); unset when a proxy in front terminates TLS, or on plain HTTP.
   */
  tls: { cert: Buffer; key: Buffer } | undefined;
  /** The built browser app (vite's outDir). */
  staticDir: string;
  /**
   * This instance's name in the notification queue (INSTANCE_ID): a restart takes back at once what it had
   * claimed, leaving other instances' claims to their leases. Unique per instance; stable across restarts.
   */
  instanceId: string;
  /**
   * The app's rate budget toward the marketplace, shared by every instance (budget.ts): calls a second
   * (UPSTREAM_RATE) and how many may go at once after a quiet spell (UPSTREAM_BURST).
   */
  upstreamRate: RateSettings;
  /** Audit entries and sign-ins older than this many days are deleted (AUDIT_RETENTION_DAYS, default 400). */
  auditRetentionDays: number;
  logLevel: string;
}

export class ConfigError extends Error {}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((value) => value.replace(/\/+$/, ''));

// A CSP host source: `host`, `*.host` or `https://host[:port]`.
const imageHost = /^(https:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** A proxy address TRUST_PROXY may name: an IP, an IP range (`addr/bits`) or one of proxy-addr's names. */
function proxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const trustProxyError = 'must be false, true (one proxy), a number of proxies, or the proxies’ addresses';

const rateError = 'must be a number of calls a second, above 0 and at most 100000';
const burstError = 'must be a whole number of calls, from 1 to 100000';

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number' })
    .max(65535, { error: 'must be a port number' })
    .default(8080),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  SELLER_API_URL: httpUrl.optional(),
  SELLER_AUTH_URL: httpUrl.optional(),
  OAUTH_CLIENT_ID: z.string().min(1, { error: 'must not be empty' }).optional(),
  OAUTH_CLIENT_SECRET: z.string().min(1, { error: 'must not be empty' }).optional(),
  SESSION_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, { error: 'must be at least 32 bytes' })
    .optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./.data'),
  // `true` is one hop, the one reverse proxy of a usual deployment: trusting every hop would take the
  // left-most X-Forwarded-For, which the client writes.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): Config['trustProxy'] => {
      if (value === 'false') return false;
      if (value === 'true') return 1;
      if (/^\d{1,2}$/.test(value)) return Number(value) || false;
      const addresses = value.split(/[\s,]+/).filter(Boolean);
      if (addresses.length > 0 && addresses.every(proxyAddress)) return addresses;
      ctx.addIssue({ code: 'custom', message: trustProxyError });
      return z.NEVER;
    }),
  IMAGE_HOSTS: z
    .string()
    .default('https://http2.mlstatic.com')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .refine((hosts) => hosts.every((host) => imageHost.test(host)), { error: 'must be a list of hosts (host, *.host or https://host)' }),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  OUT_DIR: z.string().min(1).default('dist'),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days, at least 1' })
    .int({ error: 'must be a whole number of days, at least 1' })
    .min(1, { error: 'must be a whole number of days, at least 1' })
    .default(400),
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, ".", "_" or "-"' })
    .default('main'),
  // The marketplace does not publish its per-app figure (the spec: "requests per minute … not shown", and
  // operators report 429s at a few calls a second per app): 5 a second (300 a minute) by default, with bursts
  // of 30 so a page's first reads (20–40 at once) mostly go without waiting. Set the app's own figure.
  UPSTREAM_RATE: z.coerce.number({ error: rateError }).positive({ error: rateError }).max(100_000, { error: rateError }).default(5),
  UPSTREAM_BURST: z.coerce
    .number({ error: burstError })
    .int({ error: burstError })
    .min(1, { error: burstError })
    .max(100_000, { error: burstError })
    .default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
});

/** A file a setting names, read now: one that cannot be read stops the start with the setting's name. */
function readSetting(path: string, name: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigError(`Invalid setting ${name}: ${error instanceof Error ? error.message : `cannot read ${path}`}`);
  }
}

/** A required-in-context setting: fails the same way a schema error does. */
function need<T>(value: T | undefined, name: string, why: string): T {
  if (value === undefined) throw new ConfigError(`Missing setting ${name}: ${why}`);
  return value;
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as shells and compose files often produce them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const s = parsed.data;
  const mode = s.SELLER_API_URL ? 'live' : 'demo';

  let oauth: Config['oauth'];
  if (s.OAUTH_CLIENT_ID || s.OAUTH_CLIENT_SECRET) {
    oauth = {
      clientId: need(s.OAUTH_CLIENT_ID, 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET is set, so the app id is needed too'),
      clientSecret: need(s.OAUTH_CLIENT_SECRET, 'OAUTH_CLIENT_SECRET', 'OAUTH_CLIENT_ID is set, so the secret is needed too'),
      authUrl: need(s.SELLER_AUTH_URL, 'SELLER_AUTH_URL', 'the OAuth app signs in on the authorization host'),
    };
  }
  if (mode === 'live') {
    need(s.SESSION_SECRET, 'SESSION_SECRET', 'live mode keeps tokens; give at least 32 random bytes');
    need(s.PUBLIC_URL, 'PUBLIC_URL', 'live mode needs the address sellers open');
  } else if (oauth) {
    throw new ConfigError('Missing setting SELLER_API_URL: OAUTH_CLIENT_ID is set, but sign-in only exists in live mode');
  }

  let tls: Config['tls'];
  if (s.TLS_CERT_FILE || s.TLS_KEY_FILE) {
    tls = {
      cert: readSetting(need(s.TLS_CERT_FILE, 'TLS_CERT_FILE', 'TLS_KEY_FILE is set, so its certificate is needed too'), 'TLS_CERT_FILE'),
      key: readSetting(need(s.TLS_KEY_FILE, 'TLS_KEY_FILE', 'TLS_CERT_FILE is set, so its key is needed too'), 'TLS_KEY_FILE'),
    };
  }

  const publicUrl = new URL(s.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${s.PORT}`);
  if (publicUrl.pathname !== '/' || publicUrl.search) {
    throw new ConfigError('Invalid setting PUBLIC_URL: must be an origin without a path (the app is served at /)');
  }
  return {
    port: s.PORT,
    host: s.HOST,
    publicUrl,
    mode,
    sellerApiUrl: s.SELLER_API_URL,
    oauth,
    sessionSecret: s.SESSION_SECRET,
    databaseUrl: s.DATABASE_URL,
    dataDir: s.DATA_DIR,
    trustProxy: s.TRUST_PROXY,
    imageHosts: s.IMAGE_HOSTS,
    tls,
    staticDir: s.OUT_DIR,
    logLevel: s.LOG_LEVEL,
    auditRetentionDays: s.AUDIT_RETENTION_DAYS,
    instanceId: s.INSTANCE_ID,
    upstreamRate: { perSecond: s.UPSTREAM_RATE, burst: s.UPSTREAM_BURST },
  };
}
