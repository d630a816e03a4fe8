import { createHash, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import { ConfigError } from './config.ts';
import { spanishOfSite, spanishOfTag, type Spanish } from '../../core/spanish.ts';

/**
 * The browser app: index.html (with the mode written in), the hashed assets, the SPA fallback and the real 404s, and the security headers every response
 * carries.
 */

const inlineScript = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface Index {
  /**
   * The page for a client route: index.html with the preloads of that route's area and the page's heading and intro,
   * in the locale the app will start in, and the Spanish of the site of the account it is served to (`site`, none when
   * nobody is signed in).
   */
  forPath(path: string, request: { acceptLanguage: string | undefined; cookie: string | undefined }, site: string | undefined): Page;
  /** CSP sources for the page's inline scripts (the same in every variant). */
  scriptHashes: string[];
}

/** The part of Vite's build manifest (`.vite/manifest.json`) read here. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

function readManifest(staticDir: string): Manifest {
  try {
    return JSON.parse(readFileSync(join(staticDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    // A build without a manifest (or a test's stand-in) is served without route preloads.
    return {};
  }
}

/** Modules' chunks with the chunks they import statically, and their styles; a key the build lacks adds nothing. */
function chunkFiles(manifest: Manifest, keys: string[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { scripts, styles };
}

function compress(text: string): Page {
  const html = Buffer.from(text);
  return {
    html,
    br: brotliCompressSync(html),
    gzip: gzipSync(html, { level: 9 }),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

const areaRoute = /^src\/features\/([\w-]+)\/routes\.tsx$/;

/**
 * The shell's lazy parts every page loads as soon as it renders (src/app/Shell.tsx): the query client, MUI's
 * theme (every page is drawn with MUI, the shell without), the live updates, and demo mode's seller name or
 * live mode's account menu (phones show no nav badges); and the read of the signed-in seller
 * (src/lib/identity.ts), which the pages' own reads wait for in demo mode.
 */
const everyPage = ['src/app/queryClient.ts', 'src/app/MuiTheme.tsx', 'src/app/LiveUpdates.tsx', 'src/api/users.ts'];
export const shellModules: Record<Config['mode'], string[]> = {
  demo: [...everyPage, 'src/app/Nickname.tsx'],
  live: [...everyPage, 'src/features/settings/AccountMenu.tsx'],
};
/** The catalogs the shell loads with them (src/main.tsx, src/app/catalogs.ts), by their folder. */
export const shellCatalogs: Record<Config['mode'], string[]> = {
  demo: ['src/app/locales', 'src/features/activity/locales'],
  live: ['src/app/locales', 'src/features/activity/locales', 'src/features/settings/locales'],
};

type PageLocale = 'en' | Spanish | 'pt-BR';

/** The demo seller's site (src/lib/demoAccount.ts; server/test/spanish.test.ts compares them). */
export const demoSite = 'MLA';

/** What a person may pick in Settings (src/lib/i18n.tsx's `languages`). */
const languages = ['en', 'es', 'es-AR', 'es-419', 'pt-BR'] as const;
type Language = (typeof languages)[number];

/**
 * The language picked on this device, which the app keeps in local storage and mirrors into this cookie for the
 * server (src/lib/i18n.tsx): a plain preference, not a secret.
 */
function pickedLanguage(cookie: string | undefined): Language | undefined {
  const value = cookie?.match(/(?:^|;\s*)seller-desk-language=([\w-]+)/)?.[1];
  return languages.find((language) => language === value);
}

/**
 * The locale the app starts in, as src/lib/i18n.tsx's localeOf chooses it: the language picked on this device,
 * else the first language of Accept-Language it has (navigator.languages, the same list); Spanish in the variant
 * of the account's site or, with nobody signed in, of that language's region.
 */
function pageLocale(acceptLanguage: string | undefined, picked: Language | undefined, account: Spanish | undefined): PageLocale {
  const tags = (acceptLanguage ?? '').split(',').map((range) => range.trim().split(';')[0] ?? '');
  const spanish = () => account ?? spanishOfTag(tags.find((tag) => tag.split('-')[0]?.toLowerCase() === 'es') ?? 'es');
  if (picked) return picked === 'es' ? spanish() : picked;
  for (const tag of tags) {
    const base = tag.split('-')[0]?.toLowerCase();
    if (base === 'en') return 'en';
    if (base === 'pt') return 'pt-BR';
    if (base === 'es') return account ?? spanishOfTag(tag);
  }
  return 'en';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The build's words of each page's first screen (scripts/page-frames.ts); none for a build without them. */
const pageFramesSchema = z.record(z.string(), z.record(z.string(), z.object({ title: z.string(), intro: z.string().optional() })));

function readPageFrames(staticDir: string): z.infer<typeof pageFramesSchema> {
  let text: string;
  try {
    text = readFileSync(join(staticDir, '.vite/page-frames.json'), 'utf8');
  } catch {
    return {};
  }
  return pageFramesSchema.parse(JSON.parse(text));
}

export function loadIndex(staticDir: string, mode: Config['mode']): Index {
  let source: string;
  try {
    source = readFileSync(join(staticDir, 'index.html'), 'utf8');
  } catch {
    throw new ConfigError(`Invalid setting OUT_DIR: ${join(staticDir, 'index.html')} is missing (run npm run build)`);
  }
  // A meta tag, not an inline script: the policy allows no script it cannot hash at start.
  const modeMeta = `<meta name="seller-desk-mode" content="${mode}" />`;
  // Where index.html's boot frame takes the page's heading and intro.
  const framePlace = '<!-- page-frame -->';
  const text = source.replace(/<head>/i, `<head>\n    ${modeMeta}`);
  const scriptHashes = [...text.matchAll(inlineScript)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
  const manifest = readManifest(staticDir);
  const areaRoutes = new Map(
    Object.keys(manifest).flatMap((key): [string, string][] => {
      const area = key.match(areaRoute)?.[1];
      return area ? [[area, key]] : [];
    }),
  );

  const frames = readPageFrames(staticDir);

  /**
   * The page's heading and intro where the app draws them (src/app/PageFrame.tsx, which shows them again until the
   * page's code has come): the first paint has the page's words, a phone's largest paint often among them.
   */
  function frameHtml(path: string, locale: PageLocale): string {
    const frame = frames[path]?.[locale];
    if (!frame) return '';
    const intro = frame.intro === undefined ? '' : `<p class="page-frame-intro">${escapeHtml(frame.intro)}</p>`;
    return `<main class="shell-main boot-main"><div class="shell-toolbar"></div><div class="page-frame"><h1 class="page-frame-title">${escapeHtml(frame.title)}</h1>${intro}</div></main>`;
  }

  // The account's Spanish, for the app's first render before it has asked who is signed in (src/lib/i18n.tsx). Each
  // area's page also preloads what the app would otherwise ask for only once its entry has run (and then once the
  // shell has rendered): the route's chunks, the shell's lazy parts and the catalogs of both in the locale the page
  // will start in. Each is a round trip less before the page's first screen, most of the wait on a phone. `/` is
  // the home area; other paths get no preloads.
  function render(area: string, path: string, locale: PageLocale, account: Spanish | undefined): Page {
    const spanish = account ? text.replace(modeMeta, `${modeMeta}\n    <meta name="seller-desk-spanish" content="${account}" />`) : text;
    const page = spanish.replace(framePlace, frameHtml(path, locale));
    const route = areaRoutes.get(area);
    if (!route) return compress(page);
    const catalogs = [...shellCatalogs[mode], `src/features/${area}/locales`].map((folder) => `${folder}/${locale}.po`);
    const { scripts, styles } = chunkFiles(manifest, [route, ...shellModules[mode], ...catalogs]);
    const links = [
      ...[...scripts].filter((file) => !text.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    return compress(page.replace(/<\/head>/i, `  ${links.join('\n    ')}\n  </head>`));
  }

  // Built at its first request, each variant once: the known areas and their pages' frames, four locales, three kinds
  // of account.
  const pages = new Map<string, Page>();
  return {
    forPath(requestPath, { acceptLanguage, cookie }, site) {
      const account = site === undefined ? undefined : spanishOfSite(site);
      const path = requestPath.length > 1 ? requestPath.replace(/\/+$/, '') : requestPath;
      const area = path.split('/')[1] || 'home';
      const locale = pageLocale(acceptLanguage, pickedLanguage(cookie), account);
      const framed = frames[path] ? path : '';
      const key = areaRoutes.has(area) || framed ? `${area} ${framed} ${locale} ${account}` : `- ${account}`;
      let page = pages.get(key);
      if (!page) pages.set(key, (page = render(area, framed, locale, account)));
      return page;
    },
    scriptHashes,
  };
}

/**
 * Data (JSON) is never a document, so the policies that govern one do not apply: OWASP's policy for APIs instead,
 * half a kilobyte less on every answer of the door. Scripts keep the page's, as a worker's script (the demo's
 * service worker) runs under the policy it is served with. Also sent by the webhook's own path (notifications.ts).
 */
export const dataHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
export const hsts = 'max-age=31536000; includeSubDomains';

/** A proxy's request id is kept when it looks like one, so one id follows a request through both logs. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{8,128}$/.test(given) ? given : randomUUID();
}

export function securityHeaders(config: Config, scriptHashes: string[]) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // MUI (emotion) writes <style> elements at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${config.imageHosts.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    // The demo's service worker (/mockServiceWorker.js).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  const forPages: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    'x-frame-options': 'DENY',
  };
  const isData = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');
  // onSend runs for every reply, 404s and errors included.
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(isData(reply.getHeader('content-type')) ? dataHeaders : forPages);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    // Server data (the API, the session) must not be kept by the browser or a proxy.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  };
}

/** Paths the SPA never owns: these get a real 404 rather than index.html. */
const serverOwned = /^\/(api|auth|assets|session|events|notifications|team|invitations|me)(\/|$)/;

/** The site of the account a request comes from: live mode's active account, demo mode's seller. */
export type AccountSite = (request: FastifyRequest) => Promise<string | undefined>;

export async function registerWeb(app: FastifyInstance, config: Config, index: Index, accountSite: AccountSite) {
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // A store that does not answer serves the page as to nobody signed in: the app then says what is wrong.
    const site = await accountSite(request).catch(() => undefined);
    const page = index.forPath(
      request.url.split('?')[0] ?? '/',
      { acceptLanguage: request.headers['accept-language'], cookie: request.headers.cookie },
      site,
    );
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('etag', page.etag)
      .header('vary', 'accept-encoding, accept-language, cookie');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  app.get('/', sendPage);
  app.get('/index.html', sendPage);

  await app.register(fastifyStatic, {
    root: resolve(config.staticDir),
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, path: string) {
      // Vite's assets/ carry a content hash in their names; everything else may change under its name.
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const clientRoute = (request.method === 'GET' || request.method === 'HEAD') && !serverOwned.test(path) && !lastSegment.includes('.');
    if (clientRoute) return sendPage(request, reply);
    return reply.code(404).send({ error: 'not_found', message: `Nothing at ${request.method} ${path}` });
  });
}
