import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * Live mode as it is deployed, for the specs that need it (live-mode.spec.ts, teams.spec.ts): the production
 * server (built into server/dist) serving the production build in live mode, and the simulator served by Node
 * standing in for the marketplace, its authorization page and its token endpoint.
 */
const oauthApp = { OAUTH_CLIENT_ID: '7160000000000001', OAUTH_CLIENT_SECRET: 'e2e-client-secret' };

export interface LiveServers {
  /** The live server's address of `path`. */
  url: (path: string) => string;
  /** The simulator's base address (the marketplace) and the demo seller's token there. */
  marketplace: string;
  token: string;
  stop: () => Promise<void>;
}

/** Resolves with the first match of `pattern` in what `child` prints. */
async function startAndRead(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  let printed = '';
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const found = printed.match(pattern);
      if (!found) return;
      // What it prints next (request logs) is dropped, never left to fill the pipe.
      child.stdout!.off('data', read).resume();
      resolve(found);
    };
    child.stdout!.on('data', read);
    child.once('exit', (code) => reject(new Error(`${child.spawnfile} exited (${code}) before printing ${pattern}: ${printed}`)));
  });
}

/** Fails at once when something listens on the port, rather than when the server started there gives up. */
async function expectPortFree(port: number, setting: string) {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve)).catch((error: unknown) => {
    throw new Error(`Port ${port} (${setting}) is in use: the live-mode tests start their own server there`, { cause: error });
  });
  probe.close();
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/**
 * One simulator and one live server at `host:port` (`localhost` where WebAuthn needs a domain). `env` adds the
 * server's settings (DATABASE_URL, say); without DATABASE_URL it keeps an embedded store in a fresh directory.
 */
export async function startLiveServers(options: {
  port: number;
  portSetting: string;
  host: 'localhost' | '127.0.0.1';
  env?: NodeJS.ProcessEnv;
}): Promise<LiveServers> {
  const { port, host } = options;
  const url = (path: string) => `http://${host}:${port}${path}`;
  const started: ChildProcess[] = [];
  const run = (command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(child);
    return child;
  };
  const stopAll = async () => {
    for (const child of started.reverse()) await stop(child);
  };
  try {
    await expectPortFree(port, options.portSetting);
    const simulator = await startAndRead(
      run('node_modules/.bin/tsx', ['src/demo/serve.ts'], {
        PORT: '0',
        HOST: '127.0.0.1',
        ...oauthApp,
        NOTIFICATIONS_URL: url('/notifications'),
      }),
      /Demo seller API on (\S+)\nToken of the demo seller: (\S+)\n/,
    );
    const marketplace = simulator[1]!;
    // Ready when this server says it serves, not when the port answers: a server already listening there (another
    // run's, a leftover one) is never the one tested.
    await startAndRead(
      run('node', ['server/dist/server/src/main.js'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url(''),
        SELLER_API_URL: marketplace,
        SELLER_AUTH_URL: marketplace,
        ...oauthApp,
        SESSION_SECRET: randomBytes(48).toString('base64'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'seller-desk-e2e-')),
        // Not the one `npm test` sets for the store tests: specs running side by side shared its tables (the same
        // seller accounts, each with its own simulator's tokens, refused by the other's), so only `env` names one.
        DATABASE_URL: '',
        OUT_DIR: process.env.OUT_DIR ?? 'dist',
        // The level of the line read; request logs go nowhere.
        LOG_LEVEL: 'info',
        ...options.env,
      }),
      /Seller Desk is serving/,
    );
    return { url, marketplace, token: simulator[2]!, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The marketplace's consent page: sign in as `nickname` and allow (or refuse) Seller Desk. */
export async function consent(page: Page, nickname: string, answer: 'Allow' | 'Deny' = 'Allow') {
  await page.getByRole('radio', { name: new RegExp(nickname) }).check();
  await page.getByRole('button', { name: answer }).click();
}

export const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account: / });

/** Signs in with the marketplace as `nickname` from the sign-in screen at `address`, and lands back there. */
export async function signIn(page: Page, address: string, nickname: string) {
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
  await consent(page, nickname);
  await expect(page).toHaveURL(address);
  await expect(accountButton(page)).toHaveAccessibleName(new RegExp(`^Account: ${nickname}\\b`));
}

/**
 * The live servers of the people specs (teams.spec.ts, roles-live.spec.ts) at http://localhost:`port` (WebAuthn needs
 * a domain). With `databaseUrl` answering, the store is a schema of this run's own there (`db` reaches it, to move
 * what a test cannot wait for); without it, or when it does not answer, the server keeps an embedded store.
 */
export async function startPeopleServers(options: {
  port: number;
  portSetting: string;
  databaseUrl: string | undefined;
}): Promise<{ servers: LiveServers; db: pg.Client | undefined; stop: () => Promise<void> }> {
  const { port, portSetting, databaseUrl } = options;
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 }) : undefined;
  const reachable = await client?.connect().then(
    () => true,
    () => false,
  );
  if (!databaseUrl || !client || !reachable) {
    const servers = await startLiveServers({ port, portSetting, host: 'localhost' });
    return { servers, db: undefined, stop: servers.stop };
  }
  const schema = `seller_desk_e2e_${randomBytes(6).toString('hex')}`;
  await client.query(`create schema ${schema}`);
  await client.query(`set search_path to ${schema}`);
  const withSchema = new URL(databaseUrl);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const servers = await startLiveServers({ port, portSetting, host: 'localhost', env: { DATABASE_URL: withSchema.href } });
  const stop = async () => {
    await servers.stop();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  };
  return { servers, db: client, stop };
}

/** A browser of its own: its own cookies, and a platform authenticator that says yes (user verified). */
export async function newBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page };
}

/** `owner`'s Settings → Team (at `settingsUrl`) makes an invitation for `role` and gives its link and id. */
export async function invite(owner: Page, settingsUrl: string, role: string): Promise<{ link: string; id: string }> {
  await owner.goto(settingsUrl);
  await owner.getByRole('combobox', { name: 'Role of the person invited' }).click();
  await owner.getByRole('option', { name: role, exact: true }).click();
  const created = owner.waitForResponse((r) => new URL(r.url()).pathname === '/team/invitations' && r.request().method() === 'POST');
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  const { invitation } = (await (await created).json()) as { invitation: { id: string } };
  const link = await owner.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(new RegExp(`^${new URL('/join#', settingsUrl).href}`));
  return { link, id: invitation.id };
}
