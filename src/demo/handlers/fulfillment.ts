import type { OperationResource, OperationSort } from '../../api/fulfillment';
import type { Db } from '../db';
import type { Seller } from '../db/core';
import { findOperation, inventoryStock, operationTypes, type ScrollCursor } from '../db/fulfillment';
import { caller, fail, type Route, type RouteContext } from '../route';

// Spec "Limits": "| Operations search | limit at most 1000 (default 1000); date range at most 60 days;
// default start 15 days back; scroll id expires after 5 minutes |".
const maxLimit = 1000;
const maxRangeDays = 60;
const defaultDaysBack = 15;
const scrollTtlMs = 5 * 60_000;
const dayMs = 24 * 3600_000;
// Not shown in the spec, our choices: inventory ids as in its examples (LCQI05831), sort `<field>:<order>`.
const inventoryIdPattern = /^[A-Z0-9]{4,20}$/;
const operationSorts: readonly OperationSort[] = ['date_created:desc', 'date_created:asc'];

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

function parseIsoDate(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) || isoDate(time) !== value ? null : time;
}

/** Spec: date_from and date_to required (YYYY-MM-DD), from before to, "date range larger than 60 days" → 400. */
function dateRangeProblem(from: string, to: string): keyof typeof rangeMessages | null {
  if (!from || !to) return 'missing';
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (start === null || end === null) return 'format';
  if (start >= end) return 'order';
  return (end - start) / dayMs > maxRangeDays ? 'tooLong' : null;
}

/** The inventory an id names, if the caller may see it: 400 malformed, 404 unknown, 403 someone else's. */
function ownInventory(db: Db, seller: Seller, id: string) {
  if (!inventoryIdPattern.test(id)) fail(400, 'validation_error', `invalid seller_product_id: ${id}`);
  const inventory = db.fulfillment.inventories.get(id);
  if (!inventory) fail(404, 'seller_product_not_found', `seller product ${id} not found`);
  if (inventory.seller_id !== seller.id) fail(403, 'forbidden', `caller ${seller.id} may not access seller product ${id}`);
  return inventory;
}

const rangeMessages = {
  missing: 'date_from and date_to are required',
  format: 'date_from and date_to must be dates in the form YYYY-MM-DD',
  order: 'date_from must be before date_to',
  tooLong: `date range larger than ${maxRangeDays} days`,
} as const;

function parseLimit(value: string | null): number {
  if (value === null) return maxLimit;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit <= 0) fail(400, 'validation_error', 'limit must be an integer greater than 0');
  if (limit > maxLimit) fail(400, 'validation_error', `limit must be at most ${maxLimit}`);
  return limit;
}

/**
 * Runs a new search: the whole sorted result is kept behind the scroll id (like a search-engine scroll).
 * `caller.id` (seen in one example) is accepted and ignored: the token already names the caller.
 */
function openSearch({ db, url, now }: RouteContext, seller: Seller) {
  const query = url.searchParams;
  const ids = [query.get('inventory_id'), query.get('seller_product_id')]
    .flatMap((value) => (value ? value.split(',') : []))
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of ids) ownInventory(db, seller, id);

  const from = query.get('date_from') ?? isoDate(now - defaultDaysBack * dayMs);
  const to = query.get('date_to') ?? isoDate(now);
  const problem = dateRangeProblem(from, to);
  if (problem) fail(400, 'validation_error', rangeMessages[problem]);

  const typeParam = query.get('type');
  const type = typeParam === null ? null : (operationTypes.find((t) => t === typeParam.toLowerCase()) ?? null);
  if (typeParam !== null && !type) fail(400, 'validation_error', `type invalid: ${typeParam}; valid types: ${operationTypes.join(', ')}`);

  const sort = (query.get('sort') ?? operationSorts[0]) as OperationSort;
  if (!operationSorts.includes(sort)) fail(400, 'validation_error', `sort invalid: ${sort}; valid sorts: ${operationSorts.join(', ')}`);
  const shipment = query.get('external_references.shipment_id');

  // date_to covers its whole day; timestamps are UTC ISO strings, so string order is time order.
  const start = `${from}T00:00:00`;
  const end = `${to}T23:59:59.999Z`;
  const wanted = ids.length ? new Set(ids) : null;
  const upperType = type?.toUpperCase();
  const results = db.fulfillment.operations.filter(
    (op) =>
      op.seller_id === seller.id &&
      op.date_created >= start &&
      op.date_created <= end &&
      (!wanted || wanted.has(op.inventory_id!)) &&
      (!upperType || op.type === upperType) &&
      (!shipment || op.external_references.some((ref) => ref.type === 'shipment_id' && ref.value === shipment)),
  );
  if (sort === 'date_created:desc') results.reverse();

  const filters = [
    { id: 'seller_id', name: 'Seller', values: [String(seller.id)] },
    { id: 'date_from', name: 'Date from', values: [from] },
    { id: 'date_to', name: 'Date to', values: [to] },
    ...(ids.length ? [{ id: 'seller_product_id', name: 'Seller product', values: ids }] : []),
    ...(upperType ? [{ id: 'type', name: 'Operation type', values: [upperType] }] : []),
    ...(shipment ? [{ id: 'external_references.shipment_id', name: 'Shipment', values: [shipment] }] : []),
  ];
  return { results, sort, filters };
}

function continueSearch({ db, now }: RouteContext, seller: Seller, scrollId: string): ScrollCursor {
  const cursor = db.fulfillment.scrolls.get(scrollId);
  if (!cursor || cursor.sellerId !== seller.id)
    fail(400, 'validation_error', `invalid scroll id: ${scrollId}; repeat the search without scroll`);
  if (now - cursor.createdAt > scrollTtlMs) {
    db.fulfillment.scrolls.delete(scrollId);
    fail(400, 'validation_error', 'scroll id expired: it is older than 5 minutes; repeat the search without scroll to start again');
  }
  return cursor;
}

const availableFilters = [{ id: 'type', name: 'Operation type', values: operationTypes.map((type) => type.toUpperCase()) }];

/** Fulfillment stock of an inventory, and the operations search with scroll paging. */
export function fulfillmentHandlers(route: Route) {
  return [
    route(
      'get',
      '/inventories/:id/stock/fulfillment',
      (context) => {
        const inventory = ownInventory(context.db, caller(context), context.params.id ?? '');
        return inventoryStock(inventory);
      },
      { fulfillment: true },
    ),
    route(
      'get',
      '/stock/fulfillment/operations/search',
      (context) => {
        const seller = caller(context);
        const { db, url, now } = context;
        const sellerParam = url.searchParams.get('seller_id');
        if (!sellerParam) fail(400, 'validation_error', 'seller_id is required');
        if (!/^\d+$/.test(sellerParam)) fail(400, 'validation_error', `invalid seller_id: ${sellerParam}`);
        if (Number(sellerParam) !== seller.id) fail(403, 'forbidden', `caller ${seller.id} may not access seller ${sellerParam}`);
        const limit = parseLimit(url.searchParams.get('limit'));

        const scrollId = url.searchParams.get('scroll');
        const search: ScrollCursor = scrollId
          ? { ...continueSearch(context, seller, scrollId), limit }
          : { ...openSearch(context, seller), offset: 0, limit, createdAt: now, sellerId: seller.id };
        const page: OperationResource[] = search.results.slice(search.offset, search.offset + limit);
        const offset = search.offset + page.length;

        let next: string | null = null;
        if (offset < search.results.length) {
          next = `scr_${(db.fulfillment.nextScroll++).toString(36)}_${now.toString(36)}`;
          db.fulfillment.scrolls.set(next, { ...search, offset, createdAt: now });
        }
        return {
          paging: { total: search.results.length, scroll: next, limit },
          results: page,
          filters: search.filters,
          available_filters: availableFilters,
          sort: search.sort,
          available_sorts: [...operationSorts],
        };
      },
      { rateLimited: true, fulfillment: true },
    ),
    // Spec (sign-in-and-notifications.md): one operation, the shape of an element of the search's results.
    route(
      'get',
      '/stock/fulfillment/operations/:id',
      (context) => {
        const seller = caller(context);
        const id = context.params.id ?? '';
        if (!/^\d+$/.test(id)) fail(400, 'validation_error', `invalid operation id: ${id}`);
        const operation = findOperation(context.db.fulfillment, Number(id));
        if (!operation) fail(404, 'not_found', `operation ${id} not found`);
        if (operation.seller_id !== seller.id) fail(403, 'forbidden', `caller ${seller.id} may not access operation ${id}`);
        return operation;
      },
      { fulfillment: true },
    ),
  ];
}
