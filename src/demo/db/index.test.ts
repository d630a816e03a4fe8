import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '.';

// The test setup has loaded the db already: the first test loads it afresh over these.
vi.mock('./fulfillment', async (importOriginal) => {
  const original = await importOriginal<typeof import('./fulfillment')>();
  return { ...original, seedFulfillment: vi.fn(original.seedFulfillment) };
});
vi.mock('./credit-leads', async (importOriginal) => {
  const original = await importOriginal<typeof import('./credit-leads')>();
  return { ...original, seedCreditLeads: vi.fn(original.seedCreditLeads) };
});

describe('the demo db', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('seeds the fulfillment log and the credit leads on first use, once', async () => {
    vi.resetModules();
    const { createDbInSlices } = await import('.');
    const { seedFulfillment } = await import('./fulfillment');
    const { seedCreditLeads } = await import('./credit-leads');
    const db = await createDbInSlices();
    expect(seedFulfillment).not.toHaveBeenCalled();
    expect(seedCreditLeads).not.toHaveBeenCalled();
    expect(db.fulfillment.operations.length).toBeGreaterThan(0);
    expect(db.fulfillment).toBe(db.fulfillment);
    expect(db.creditLeads.live.length).toBeGreaterThan(0);
    expect(db.creditLeads).toBe(db.creditLeads);
    expect(seedFulfillment).toHaveBeenCalledTimes(1);
    expect(seedCreditLeads).toHaveBeenCalledTimes(1);
  });

  it('prepares the fulfillment log in slices, each a task of its own, and reads it without seeding again', async () => {
    vi.resetModules();
    const { createDbInSlices } = await import('.');
    const { seedFulfillment } = await import('./fulfillment');
    const db = await createDbInSlices();
    let tasks = 0;
    const counting = setInterval(() => (tasks += 1), 0);
    await Promise.all([db.prepareFulfillment(), db.prepareFulfillment()]);
    clearInterval(counting);
    // 4,000 operations, 500 a step: the steps ran between other tasks, not in one.
    expect(tasks).toBeGreaterThanOrEqual(3);
    const operations = db.fulfillment.operations;
    expect(operations).toHaveLength(4000);
    expect(new Set(operations.map((operation) => operation.id)).size).toBe(4000);
    expect(seedFulfillment).toHaveBeenCalledTimes(1);
  });

  it('seeds the same areas whenever they are first read, whatever was drawn before', () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T12:00:00Z'), toFake: ['Date'] });
    const first = createDb();
    const fulfillment = first.fulfillment;
    const creditLeads = first.creditLeads;

    const second = createDb();
    // Handlers draw from db.random (new leads, operations, chaos) before an area may be read.
    for (let draw = 0; draw < 50; draw += 1) second.random.next();
    vi.setSystemTime(new Date('2026-03-02T15:00:00Z'));
    expect(second.creditLeads).toEqual(creditLeads);
    expect(second.fulfillment).toEqual(fulfillment);
  });
});
