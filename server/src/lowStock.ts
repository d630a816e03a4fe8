import type { FastifyInstance } from 'fastify';
import { effectiveThreshold, lowStockStep, readThreshold, totalAfterWrite } from '../../core/lowStock.ts';
import type { StockSnapshot } from '../../core/stockLocations.ts';
import type { StockJobPorts } from '../../core/stockJob.ts';
import type { Config } from './config.ts';
import { isNavigation, type Door } from './door.ts';
import { sameOriginWrite } from './session.ts';
import type { Store } from './store/store.ts';

/**
 * Low-stock alerts (core/lowStock.ts): after every stock change the server sees (a write through the API door,
 * a bulk job's write, a stock notification's read), the user product's new total against its threshold. A
 * crossing makes one `stock` entry with `lowStock` (the home screen's stock card and the activity show it),
 * published like any entry; the store's statement makes it once across instances. Never throws: the change
 * that was seen matters more than its alert, and a failure is logged by the caller's `warn`.
 */
export async function checkLowStock(
  store: Store,
  change: { accountId: string; userProductId: string; total: number },
  warn: (error: unknown) => void,
): Promise<void> {
  const { accountId, userProductId, total } = change;
  try {
    const state = await store.lowStock.state(accountId, userProductId);
    const threshold = effectiveThreshold(state.own, state.accountDefault);
    const step = lowStockStep(state.low, total, threshold);
    if (!step.low) {
      if (state.low) await store.lowStock.rearm(accountId, userProductId);
      return;
    }
    if (!step.alert || threshold === null) return;
    const id = await store.lowStock.alert(accountId, userProductId, { total, threshold });
    if (id) await store.bus.publish({ kind: 'entry', id });
  } catch (error) {
    warn(error);
  }
}

/**
 * A bulk job's reads and writes, each accepted write reported with the total it leaves: a write carries the
 * version its group just read, so that read plus the write is the stock once the write shows.
 */
export function reportingWrites<P extends Pick<StockJobPorts, 'readStock' | 'writeStock'>>(
  ports: P,
  written: (userProductId: string, total: number) => Promise<void>,
): P {
  const lastRead = new Map<string, StockSnapshot>();
  return {
    ...ports,
    readStock: async (userProductId) => {
      const result = await ports.readStock(userProductId);
      if (result.kind === 'ok') lastRead.set(userProductId, result.stock);
      return result;
    },
    writeStock: async (userProductId, locationType, body, version) => {
      const result = await ports.writeStock(userProductId, locationType, body, version);
      const read = lastRead.get(userProductId);
      if (result.kind === 'ok' && read?.version === version)
        await written(userProductId, totalAfterWrite(read.locations, locationType, body));
      return result;
    },
  };
}

/**
 * `GET /low-stock` (`stock.read`): the account's default threshold and each user product's own.
 * `PUT /low-stock/user-products/:id` (`stock.write`: who may change the stock may say when it is low) and
 * `PUT /low-stock/default` (`account.settings`, owners and managers, as the response-time target): `{threshold}`,
 * a whole number from 0 or null for none. The door checks each permission (core/permissions.ts).
 */
export function registerLowStock(app: FastifyInstance, deps: { config: Config; store: Store; door: Door }) {
  const { config, store, door } = deps;

  app.get('/low-stock', async (request, reply) => {
    if (isNavigation(request)) return reply.callNotFound();
    const { account } = door.served(request);
    return store.lowStock.thresholds(account.id);
  });

  app.put<{ Params: { id: string } }>('/low-stock/user-products/:id', { preHandler: sameOriginWrite(config) }, async (request, reply) => {
    const { account } = door.served(request);
    const read = readThreshold(request.body);
    if ('problem' in read) return reply.code(400).send({ error: 'bad_request', message: read.problem });
    if (!/^[\w-]{1,64}$/.test(request.params.id)) return reply.code(400).send({ error: 'bad_request', message: 'Not a user product id' });
    await store.lowStock.setThreshold(account.id, request.params.id, read.threshold);
    return { userProductId: request.params.id, threshold: read.threshold };
  });

  app.put('/low-stock/default', { preHandler: sameOriginWrite(config) }, async (request, reply) => {
    const { account } = door.served(request);
    const read = readThreshold(request.body);
    if ('problem' in read) return reply.code(400).send({ error: 'bad_request', message: read.problem });
    await store.lowStock.setAccountDefault(account.id, read.threshold);
    return read;
  });
}
