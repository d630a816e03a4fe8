import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../api/errors';
import { getStock } from '../../api/stock';
import { createRandom, type Random, stockScenarios, type Db, resetDb, server, testDb } from '../../test/demo';
import { afterWrite } from '../../test/http';
import { applyMineOnLatest, quantityAt, writeStock, type EditTarget, type StockEdit, type WriteOutcome } from './writes';

/**
 * Randomized interleavings of two or three editors writing the same user product through the page's
 * own write logic (writes.ts) against the simulator. No lost update means: no two writes were accepted
 * on the same version, each accepted write was based on a read that already showed the one before it
 * (so it replaced it knowingly), and the final quantity is the last accepted write.
 */
interface Subject {
  userProductId: string;
  target: EditTarget;
}

const subjects: Subject[] = [
  { userProductId: 'MLAU3000001', target: { type: 'selling_address' } },
  { userProductId: stockScenarios.warehousesAndFacility, target: { type: 'seller_warehouse', storeId: 'STORE-101' } },
];

interface RunLog {
  accepted: StockEdit[];
  outcomes: WriteOutcome[];
  conflicts: number;
  keptTheirs: number;
  appliedMine: number;
}

const jitter = (random: Random) => new Promise((resolve) => setTimeout(resolve, random.int(0, 3)));

async function runInterleaving(seed: number, subject: Subject, prepare?: (db: Db) => void): Promise<{ log: RunLog; violations: string[] }> {
  const db = resetDb();
  prepare?.(db);
  const random = createRandom(seed);
  const log: RunLog = { accepted: [], outcomes: [], conflicts: 0, keptTheirs: 0, appliedMine: 0 };
  const initial = await getStock(subject.userProductId);
  const deps = {
    read: getStock,
    // Waiting moves the simulator clock (propagation is ~1.5 s) and lets the other editors run.
    wait: async (ms: number) => {
      db.clockOffset += ms;
      await jitter(random);
    },
    onAccepted: (edit: StockEdit) => log.accepted.push(edit),
  };

  const editor = async () => {
    for (let round = random.int(1, 2); round > 0; round -= 1) {
      await jitter(random);
      const read = await getStock(subject.userProductId);
      let edit: StockEdit = {
        ...subject,
        base: { version: read.version, quantity: quantityAt(read.stock, subject.target) },
        value: random.int(0, 500),
      };
      if (random.chance(0.5)) db.clockOffset += random.int(0, 2000);
      for (;;) {
        await jitter(random);
        const outcome = await writeStock(edit, deps);
        log.outcomes.push(outcome);
        if (outcome.kind !== 'conflict') break;
        log.conflicts += 1;
        if (random.chance(0.5)) {
          log.keptTheirs += 1;
          break;
        }
        log.appliedMine += 1;
        edit = applyMineOnLatest(outcome);
      }
    }
  };
  await Promise.all(Array.from({ length: random.int(2, 3) }, editor));

  db.clockOffset += 10_000;
  const final = await getStock(subject.userProductId);
  const violations: string[] = [];
  const bases = log.accepted.map((edit) => edit.base.version);
  if (new Set(bases).size !== bases.length) violations.push(`two writes accepted on the same version: ${bases.join(',')}`);
  const chain = [...log.accepted].sort((a, b) => Number(a.base.version) - Number(b.base.version));
  chain.forEach((edit, index) => {
    const previous = chain[index - 1];
    const expected = previous
      ? { version: String(Number(previous.base.version) + 1), quantity: previous.value }
      : { version: initial.version, quantity: quantityAt(initial.stock, subject.target) };
    if (edit.base.version !== expected.version || edit.base.quantity !== expected.quantity) {
      violations.push(
        `write of ${edit.value} did not start from the write before it (${JSON.stringify(edit.base)} vs ${JSON.stringify(expected)})`,
      );
    }
  });
  const last = chain.at(-1);
  const expectedFinal = last ? last.value : quantityAt(initial.stock, subject.target);
  if (quantityAt(final.stock, subject.target) !== expectedFinal)
    violations.push(`final ${quantityAt(final.stock, subject.target)} is not the last accepted write ${expectedFinal}`);
  if (Number(final.version) !== Number(initial.version) + chain.length)
    violations.push(`final version ${final.version} after ${chain.length} writes from ${initial.version}`);
  for (const outcome of log.outcomes) {
    if (outcome.kind === 'unconfirmed') violations.push('a write never showed');
    if (outcome.kind === 'conflict' && Number(outcome.latest.version) <= Number(outcome.edit.base.version))
      violations.push('the conflict dialog showed a read that was not newer');
    if (outcome.kind === 'confirmed' && quantityAt(outcome.read.stock, subject.target) !== outcome.edit.value)
      violations.push('confirmed without showing the value');
  }
  return { log, violations };
}

describe('stock writes under concurrent editors', () => {
  it('60 randomized interleavings of 2–3 editors: no lost update, every confirmed write is final or knowingly replaced', async () => {
    const totals = { runs: 0, conflicts: 0, keptTheirs: 0, appliedMine: 0, confirmed: 0 };
    for (let seed = 1; seed <= 60; seed += 1) {
      const { log, violations } = await runInterleaving(seed, subjects[seed % subjects.length]!);
      expect(violations, `seed ${seed}`).toEqual([]);
      totals.runs += 1;
      totals.conflicts += log.conflicts;
      totals.keptTheirs += log.keptTheirs;
      totals.appliedMine += log.appliedMine;
      totals.confirmed += log.outcomes.filter((o) => o.kind === 'confirmed').length;
    }
    // The runs really interleave: conflicts happened and both choices of the dialog were taken.
    expect(totals.runs).toBeGreaterThanOrEqual(50);
    expect(totals.conflicts).toBeGreaterThan(10);
    expect(totals.keptTheirs).toBeGreaterThan(0);
    expect(totals.appliedMine).toBeGreaterThan(0);
    expect(totals.confirmed).toBeGreaterThan(50);
  }, 90_000);

  it('the same check catches lost updates when the server ignores x-version (the test can fail)', async () => {
    let caught = 0;
    // A careless server: accepts every write whatever version it carries.
    const careless = (db: Db) =>
      server.use(
        http.put('*/api/user-products/:id/stock/type/selling_address', async ({ request, params }) => {
          const record = db.stock.userProducts.get(String(params.id))!;
          const { quantity } = (await request.json()) as { quantity: number };
          const others = (record.pending.at(-1)?.locations ?? record.locations).filter((l) => l.type !== 'selling_address');
          record.pending.push({
            visibleAt: Date.now() + db.clockOffset + db.stock.propagationMs,
            locations: [{ type: 'selling_address', quantity }, ...others],
          });
          return new HttpResponse(null, { status: 204 });
        }),
      );
    for (let seed = 1; seed <= 20; seed += 1) {
      const { violations } = await runInterleaving(seed, subjects[0]!, careless);
      if (violations.length > 0) caught += 1;
    }
    expect(caught).toBeGreaterThan(0);
  }, 60_000);
});

describe('a stock write whose connection drops', () => {
  const subject = subjects[0]!;
  const path = '/user-products/:id/stock/type/selling_address';

  async function edit(value: number): Promise<StockEdit> {
    const read = await getStock(subject.userProductId);
    return { ...subject, base: { version: read.version, quantity: quantityAt(read.stock, subject.target) }, value };
  }
  // Waiting moves the simulator clock, so an accepted write shows after propagation.
  const deps = () => {
    const db = testDb();
    return { read: getStock, wait: (ms: number) => Promise.resolve(void (db.clockOffset += ms)) };
  };

  it('after the write arrived: the stock is read again and the write is confirmed, sent once', async () => {
    const put = afterWrite('put', path, () => HttpResponse.error());
    const outcome = await writeStock(await edit(41), deps());
    expect(outcome).toMatchObject({
      kind: 'confirmed',
      read: { stock: { locations: expect.arrayContaining([{ type: 'selling_address', quantity: 41 }]) } },
    });
    expect(put.requests).toBe(1);
  });

  it('before it arrived: the stock is read again, nothing newer shows, and only then the failure comes', async () => {
    let puts = 0;
    server.use(
      http.put(`*/api${path}`, () => {
        puts += 1;
        return HttpResponse.error();
      }),
    );
    const reads = vi.fn(getStock);
    await expect(writeStock(await edit(41), { ...deps(), read: reads })).rejects.toBeInstanceOf(NetworkError);
    expect(puts).toBe(1);
    expect(reads).toHaveBeenCalled();
  });
});
