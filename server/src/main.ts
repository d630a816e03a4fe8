import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createCipher, deriveKey } from './secrets.ts';
import { openStore, type Store } from './store/store.ts';

/** Expired sessions and abandoned sign-ins are removed this often (and at start). */
const purgeEveryMs = 10 * 60_000;

async function openLiveStore(config: Config): Promise<Store> {
  const cipher = createCipher(deriveKey(config.sessionSecret ?? '', 'token-encryption'));
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, cipher });
  await store.purgeExpired(config.auditRetentionDays);
  return store;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`seller-desk: ${error.message}`);
    process.exit(1);
  }
  const store = config.mode === 'live' ? await openLiveStore(config) : undefined;
  let app;
  try {
    app = await buildApp({ config, store });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`seller-desk: ${error.message}`);
    await store?.close();
    process.exit(1);
  }
  if (store) {
    const purge = setInterval(
      () => store.purgeExpired(config.auditRetentionDays).catch((err: unknown) => app.log.error({ err }, 'purge failed')),
      purgeEveryMs,
    );
    purge.unref();
    app.addHook('onClose', async () => {
      clearInterval(purge);
      await store.close();
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ mode: config.mode, publicUrl: config.publicUrl.origin }, 'Seller Desk is serving');

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the store.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

await main();
