import { financialEntities, type CreditLeadStatus, type FinancialEntity } from '../../api/credits';
import type { SeedContext } from './context';
import type { Item } from './core';
import { otherSellerListing } from './fulfillment';
import { createRandom, type Random } from './random';

/** A moment as the spec writes credit dates (YYYY-MM-DDTHH:MM:SS): UTC, no offset, no fraction. */
const toCreditTimestamp = (time: number) => new Date(time).toISOString().slice(0, 19);

/** A credit lead as the simulator stores it: the detail resource plus the expiry flag. */
export interface CreditLeadRecord {
  id: string;
  item_id: string;
  down_payment_amount: number;
  installments_number: number;
  installments_amount: number;
  seller_id: number;
  proposal_id?: string;
  date_created: string;
  financial_entity_id: FinancialEntity;
  status: CreditLeadStatus;
  expired: boolean;
  buyer: { id: number; full_name: string; email: string; phone: string };
}

/** Live leads, and the separate test dataset answered to `x-sandbox: true`; both newest first. */
export interface CreditLeadsState {
  live: CreditLeadRecord[];
  sandbox: CreditLeadRecord[];
}

const day = 24 * 3600 * 1000;
const firstNames = [
  'Lucía',
  'Martín',
  'Sofía',
  'Joaquín',
  'Valentina',
  'Mateo',
  'Camila',
  'Tomás',
  'Julieta',
  'Nicolás',
  'Agustina',
  'Bruno',
];
const lastNames = [
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Sosa',
  'Romero',
  'Álvarez',
  'Ruiz',
];
/** Entities that return a proposal id; the others never do. */
const entitiesWithProposal: readonly FinancialEntity[] = ['BANK_1', 'BANK_2'];
const installmentCounts = [3, 6, 9, 12, 18, 24] as const;

function uuid(random: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => random.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

const ascii = (text: string) => text.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();
const cents = (value: number) => Math.round(value * 100) / 100;

function status(random: Random): CreditLeadStatus {
  const roll = random.next();
  return roll < 0.55 ? 'approved' : roll < 0.8 ? 'rejected' : 'in_analysis';
}

/** What a lead takes of its item (OTRO_VENDEDOR's leads are of a listing the simulator knows by its id only). */
type LeadItem = Pick<Item, 'id' | 'seller_id' | 'price'>;

function financing(item: LeadItem, random: Random, entity: FinancialEntity) {
  const down = cents((item.price * random.int(10, 30)) / 100);
  const installments = random.pick(installmentCounts);
  const rate = 1 + installments * 0.025;
  return {
    down_payment_amount: down,
    installments_number: installments,
    installments_amount: cents(((item.price - down) * rate) / installments),
    financial_entity_id: entity,
  };
}

/**
 * A lead of a buyer for `item`, created at `createdAt`. `expired` is drawn in its place among the other
 * draws, so the seed's sequence stays as it was.
 */
function draftLead(random: Random, item: LeadItem, entity: FinancialEntity, createdAt: number, expired: () => boolean): CreditLeadRecord {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  return {
    id: uuid(random),
    item_id: item.id,
    ...financing(item, random, entity),
    seller_id: item.seller_id,
    ...(entitiesWithProposal.includes(entity) ? { proposal_id: `PRP-${entity}-${random.int(100000, 999999)}` } : {}),
    date_created: toCreditTimestamp(createdAt),
    status: status(random),
    expired: expired(),
    buyer: {
      id: random.int(100_000_000, 999_999_999),
      full_name: `${first} ${last}`,
      email: `${ascii(first)}.${ascii(last)}${random.int(1, 99)}@example.com`,
      phone: `+54 9 11 ${random.int(4000, 6999)}-${random.int(1000, 9999)}`,
    },
  };
}

/** A new live lead for `item` at `now` (the demo's trigger), first in the newest-first list. */
export function addLead(state: CreditLeadsState, random: Random, item: Item, now: number): CreditLeadRecord {
  const lead = draftLead(random, item, random.pick(financialEntities), now, () => false);
  state.live.unshift(lead);
  return lead;
}

/**
 * About 150 live leads over the last 110 days (so "all statuses over 3 months" pages past 100) and 40
 * sandbox leads that are plainly test data (round amounts, "Sandbox" buyers at example.test).
 * Old leads are mostly expired; every ninth recent one is expired too, so the expired state is visible.
 */
export function seedCreditLeads(context: SeedContext): CreditLeadsState {
  const { seller, now } = context;
  // Its own stream (not context.random): seeded on first use, after any number of other draws.
  const random = createRandom(context.seed === 'large' ? 4646 : 3232);
  // Core items only (ids below MLA1410000000): other areas add items in their own ranges, and the leads
  // should not change when they do.
  const items = [...context.items.values()].filter((item) => item.seller_id === seller.id && Number(item.id.slice(3)) < 1_410_000_000);
  // Every lead is for one of the seller's items: a seller without items (a test's empty catalog) has none.
  if (items.length === 0) return { live: [], sandbox: [] };
  const leads: CreditLeadRecord[] = Array.from({ length: 150 }, (_, index) => {
    const age = random.int(0, 110 * 24 * 60) * 60_000;
    const item = random.pick(items);
    const entity = financialEntities[index % financialEntities.length]!;
    return draftLead(random, item, entity, now - age, () => (age / day > 60 ? random.chance(0.7) : index % 9 === 4));
  });
  const sandbox: CreditLeadRecord[] = Array.from({ length: 40 }, (_, index) => {
    const item = items[index % items.length]!;
    const entity = financialEntities[(index + 1) % financialEntities.length]!;
    const installments = installmentCounts[index % installmentCounts.length]!;
    return {
      id: `${String(index + 1).padStart(8, '0')}-5a4d-4b0c-8000-000000000000`,
      item_id: item.id,
      down_payment_amount: 1000 * ((index % 5) + 1),
      installments_number: installments,
      installments_amount: 5000,
      seller_id: seller.id,
      ...(entitiesWithProposal.includes(entity) ? { proposal_id: `SANDBOX-${index + 1}` } : {}),
      date_created: toCreditTimestamp(now - (index * 2 + 1) * 3600_000 * 12),
      financial_entity_id: entity,
      status: (['approved', 'rejected', 'in_analysis'] as const)[index % 3]!,
      expired: index % 10 === 7,
      buyer: {
        id: 900_000_000 + index,
        full_name: `Sandbox Buyer ${index + 1}`,
        email: `sandbox.buyer${index + 1}@example.test`,
        phone: `+54 9 11 0000-${String(index + 1).padStart(4, '0')}`,
      },
    };
  });
  // Fixed-width ISO timestamps order as plain strings; localeCompare's collation costs far more.
  const newestFirst = (a: CreditLeadRecord, b: CreditLeadRecord) =>
    a.date_created < b.date_created ? 1 : a.date_created > b.date_created ? -1 : 0;
  // OTRO_VENDEDOR's few leads, for a person who reviews the leads of both accounts ("All my accounts",
  // docs/roles.md), on the listing of its fulfillment inventory: drawn last and kept after the demo seller's,
  // so those stay as they were.
  const otherItem: LeadItem = { id: otherSellerListing, seller_id: context.otherSeller.id, price: 2_499 };
  const others = Array.from({ length: 6 }, (_, index) =>
    draftLead(random, otherItem, financialEntities[index % financialEntities.length]!, now - (index * 5 + 1) * day, () => false),
  );
  return { live: [...leads.sort(newestFirst), ...others.sort(newestFirst)], sandbox: sandbox.sort(newestFirst) };
}
