import { describe, expect, it } from 'vitest';
import { configureClient } from './client';
import {
  addMonthsToDay,
  creditLeadSearchProblems,
  getCreditLead,
  revealCreditLeadBuyer,
  searchCreditLeads,
  toCreditLeadTimestamp,
  type CreditLeadSearchParams,
} from './credits';
import { demoSeller, otherSeller, testDb } from '../test/demo';
import { driftRecords } from './drift';
import { reshapeGet } from '../test/http';
import { allReadable, changeElement } from '../test/readable';

const day = 24 * 3600 * 1000;
const seller_id = demoSeller.id;

/** A search over the last `days` days of the simulator clock. */
function lastDays(days: number, extra: Partial<CreditLeadSearchParams> = {}): CreditLeadSearchParams {
  const now = Date.now();
  return { seller_id, date_from: toCreditLeadTimestamp(now - days * day), date_to: toCreditLeadTimestamp(now), ...extra };
}

const liveLead = (predicate: (lead: ReturnType<typeof testDb>['creditLeads']['live'][number]) => boolean) =>
  testDb().creditLeads.live.find(predicate)!;

describe('GET /vis/loans/search', () => {
  it('answers only approved leads by default, newest first, within the dates', async () => {
    const page = await searchCreditLeads(lastDays(30), false);
    expect(page.results.length).toBeGreaterThan(0);
    expect(allReadable(page.results).every((lead) => lead.status === 'approved')).toBe(true);
    const dates = allReadable(page.results).map((lead) => lead.date_created);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((d) => d >= page.date_from && d <= page.date_to)).toBe(true);
  });

  it('reads the leads one by one: one with an amount of another kind keeps its place as unreadable, the others are listed', async () => {
    const whole = allReadable((await searchCreditLeads(lastDays(30), false)).results);
    reshapeGet('/vis/loans/search', (body) => changeElement(body, 'results', 0, (lead) => ({ ...lead, down_payment_amount: 'a lot' })));
    const page = await searchCreditLeads(lastDays(30), false);
    expect(page.results).toEqual([{ unreadable: 'invalid', id: whole[0]!.id }, ...whole.slice(1)]);
    expect(driftRecords()).toEqual([
      { where: 'GET /vis/loans/search', detail: expect.stringMatching(new RegExp(`^${whole[0]!.id}: down_payment_amount: `)), count: 1 },
    ]);
  });

  it('filters by status rejected and in_analysis, and all returns every status', async () => {
    for (const status of ['rejected', 'in_analysis'] as const) {
      const page = await searchCreditLeads(lastDays(90, { status }), false);
      expect(page.results.length).toBeGreaterThan(0);
      expect(allReadable(page.results).every((lead) => lead.status === status)).toBe(true);
    }
    const all = await searchCreditLeads(lastDays(90, { status: 'all' }), false);
    expect(new Set(allReadable(all.results).map((lead) => lead.status))).toEqual(new Set(['approved', 'rejected', 'in_analysis']));
  });

  it('filters by financial_entity_id and item_id', async () => {
    const byEntity = await searchCreditLeads(lastDays(90, { status: 'all', financial_entity_id: 'BANK_2' }), false);
    expect(byEntity.results.length).toBeGreaterThan(0);
    expect(allReadable(byEntity.results).every((lead) => lead.financial_entity_id === 'BANK_2')).toBe(true);
    const itemId = allReadable(byEntity.results)[0]!.item_id;
    const byItem = await searchCreditLeads(lastDays(90, { status: 'all', item_id: itemId }), false);
    expect(allReadable(byItem.results).every((lead) => lead.item_id === itemId)).toBe(true);
  });

  it('returns proposal_id only for entities that provide it', async () => {
    const page = await searchCreditLeads(lastDays(90, { status: 'all' }), false);
    const withProposal = new Set(
      allReadable(page.results)
        .filter((lead) => lead.proposal_id)
        .map((lead) => lead.financial_entity_id),
    );
    const without = new Set(
      allReadable(page.results)
        .filter((lead) => !lead.proposal_id)
        .map((lead) => lead.financial_entity_id),
    );
    expect(withProposal).toEqual(new Set(['BANK_1', 'BANK_2']));
    expect(without).toEqual(new Set(['PLATFORM_CREDIT', 'BANK_3']));
  });

  it('pages by offset with at most 100 per page; the total counts every match', async () => {
    const first = await searchCreditLeads(lastDays(90, { status: 'all' }), false);
    expect(first.paging).toMatchObject({ offset: 0, limit: 100 });
    expect(first.paging.total).toBeGreaterThan(100);
    expect(first.results).toHaveLength(100);
    const second = await searchCreditLeads(lastDays(90, { status: 'all', offset: 100 }), false);
    expect(second.results).toHaveLength(first.paging.total - 100);
    expect(second.results.map((l) => l.id)).not.toContain(first.results[0]!.id);
  });

  it('rejects a limit above 100 (400)', async () => {
    await expect(searchCreditLeads(lastDays(30, { limit: 101 }), false)).rejects.toMatchObject({ status: 400, error: 'bad_request' });
  });

  it('rejects a seller_id that is not the token owner (400)', async () => {
    await expect(searchCreditLeads(lastDays(30, { seller_id: otherSeller.id }), false)).rejects.toMatchObject({
      status: 400,
      error: 'invalid_seller',
    });
  });

  it('answers 401 without a token', async () => {
    configureClient({ getToken: () => '' });
    await expect(searchCreditLeads(lastDays(30), false)).rejects.toMatchObject({ status: 401 });
  });

  it('rejects dates not in the format YYYY-MM-DDTHH:MM:SS (400)', async () => {
    for (const date_from of ['2026-01-01', '2026-01-01T00:00:00Z', '2026-02-30T00:00:00', '']) {
      await expect(searchCreditLeads({ ...lastDays(30), date_from }, false)).rejects.toMatchObject({
        status: 400,
        error: 'bad_request',
        message: expect.stringMatching(/format/),
      });
    }
  });

  it('rejects a date range over 3 months (400)', async () => {
    const params = { seller_id, date_from: '2026-01-10T00:00:00', date_to: '2026-04-11T00:00:00' };
    await expect(searchCreditLeads(params, false)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/3 months/) });
    await expect(searchCreditLeads({ ...params, date_to: '2026-04-10T23:59:59' }, false)).resolves.toBeDefined();
  });

  it('rejects an unknown financial entity (400)', async () => {
    await expect(searchCreditLeads(lastDays(30, { financial_entity_id: 'BANK_4' }), false)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/financial_entity_id/),
    });
  });

  it('rejects an item_id that does not match M + two upper-case letters + digits (400)', async () => {
    for (const item_id of ['mla123', 'MLA', 'XLA123', 'MLA12a']) {
      await expect(searchCreditLeads(lastDays(30, { item_id }), false)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/item_id/),
      });
    }
  });

  it('answers from the separate sandbox dataset with x-sandbox: true', async () => {
    const live = await searchCreditLeads(lastDays(30, { status: 'all' }), false);
    const sandbox = await searchCreditLeads(lastDays(30, { status: 'all' }), true);
    expect(sandbox.results.length).toBeGreaterThan(0);
    const liveIds = new Set(live.results.map((lead) => lead.id));
    expect(sandbox.results.some((lead) => liveIds.has(lead.id))).toBe(false);
    expect(allReadable(sandbox.results).every((lead) => lead.installments_amount === 5000)).toBe(true);
  });
});

describe('GET /vis/loans/{id}', () => {
  it('returns the lead with its status and buyer, whose contact comes only on a reveal', async () => {
    const lead = liveLead((l) => !l.expired);
    const detail = await getCreditLead(lead.id, seller_id, false);
    expect(detail).toMatchObject({ id: lead.id, status: lead.status, buyer: { id: lead.buyer.id } });
  });

  it('answers 400 for an id that is not a UUID', async () => {
    await expect(getCreditLead('not-a-uuid', seller_id, false)).rejects.toMatchObject({ status: 400, error: 'invalid_credit_id' });
  });

  it('answers 404 for an unknown credit', async () => {
    await expect(getCreditLead('11111111-1111-4111-8111-111111111111', seller_id, false)).rejects.toMatchObject({
      status: 404,
      error: 'not_found',
    });
  });

  it('answers 410 for an expired credit', async () => {
    await expect(getCreditLead(liveLead((l) => l.expired).id, seller_id, false)).rejects.toMatchObject({
      status: 410,
      error: 'credit_expired',
    });
  });

  it('rejects a seller_id that is not the token owner (400)', async () => {
    await expect(getCreditLead(liveLead((l) => !l.expired).id, otherSeller.id, false)).rejects.toMatchObject({
      status: 400,
      error: 'invalid_seller',
    });
  });

  it('finds sandbox leads only with x-sandbox: true', async () => {
    const lead = testDb().creditLeads.sandbox.find((l) => !l.expired)!;
    await expect(getCreditLead(lead.id, seller_id, true)).resolves.toMatchObject({ id: lead.id, buyer: { id: lead.buyer.id } });
    await expect(getCreditLead(lead.id, seller_id, false)).rejects.toMatchObject({ status: 404 });
    // The buyer's contact only on a reveal, with the lead's sandbox choice.
    await expect(revealCreditLeadBuyer(lead.id, true)).resolves.toEqual({
      full_name: lead.buyer.full_name,
      email: lead.buyer.email,
      phone: lead.buyer.phone,
    });
    await expect(revealCreditLeadBuyer(lead.id, false)).rejects.toMatchObject({ status: 404 });
  });

  it('strips the buyer’s contact from the lead at the door', async () => {
    const lead = liveLead((l) => !l.expired);
    const response = await fetch(`http://localhost/api/vis/loans/${lead.id}?seller_id=${seller_id}`, {
      headers: { Authorization: `Bearer ${demoSeller.token}` },
    });
    expect(((await response.json()) as { buyer: object }).buyer).toEqual({ id: lead.buyer.id });
  });
});

describe('search rules shared by the form and the simulator', () => {
  it('counts 3 months in calendar days, clamped to the month end', () => {
    expect(addMonthsToDay('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsToDay('2026-08-22', 3)).toBe('2026-11-22');
    expect(creditLeadSearchProblems({ date_from: '2026-08-22T00:00:00', date_to: '2026-11-22T23:59:59' })).toEqual([]);
    expect(creditLeadSearchProblems({ date_from: '2026-07-22T00:00:00', date_to: '2026-11-22T23:59:59' })).toEqual(['date_range']);
    expect(creditLeadSearchProblems({ date_from: '2026-11-22T00:00:00', date_to: '2026-11-01T00:00:00' })).toEqual(['date_order']);
  });
});

describe('contract: every simulator response of the default seed passes the client schemas', () => {
  it('search pages and details of every lead, live and sandbox', async () => {
    const db = testDb();
    for (const sandbox of [false, true]) {
      // The demo seller's (the simulator also holds a few of OTRO_VENDEDOR's).
      const dataset = (sandbox ? db.creditLeads.sandbox : db.creditLeads.live).filter((lead) => lead.seller_id === seller_id);
      const oldest = dataset.at(-1)!.date_created;
      // Walk the whole dataset in ≤ 3-month windows, every page.
      let to = Date.now();
      while (toCreditLeadTimestamp(to) >= oldest) {
        const from = to - 89 * day;
        for (let offset = 0; ; offset += 100) {
          const page = await searchCreditLeads(
            { seller_id, date_from: toCreditLeadTimestamp(from), date_to: toCreditLeadTimestamp(to), status: 'all', offset },
            sandbox,
          );
          allReadable(page.results);
          if (offset + 100 >= page.paging.total) break;
        }
        to = from - 1000;
      }
      for (const lead of dataset) {
        if (lead.expired) await expect(getCreditLead(lead.id, seller_id, sandbox)).rejects.toMatchObject({ status: 410 });
        else await expect(getCreditLead(lead.id, seller_id, sandbox)).resolves.toMatchObject({ id: lead.id });
      }
    }
  });
});
