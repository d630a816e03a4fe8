import type { HttpHandler } from 'msw';
import type { Db } from '../db';
import { createRoute } from '../route';
import { usersHandlers } from './users';
import { itemsHandlers } from './items';
import { responseTimeHandlers } from './response-time';
import { questionsHandlers } from './questions';
import { stockHandlers } from './stock';
import { categoriesHandlers } from './categories';
import { fulfillmentHandlers } from './fulfillment';
import { creditLeadHandlers } from './credit-leads';
import { demoOnlyHandlers } from './demo-only';
import { notificationHandlers } from './notifications';

/**
 * Every endpoint of the spec, and the demo-only ones under /__demo, over one db, an area at a time: the browser
 * makes each area's in a task of its own (msw records a call frame for every handler it makes, about 30 ms at 1x
 * for all of them at once).
 */
export function handlerGroups(db: Db): (() => HttpHandler[])[] {
  const route = createRoute(db);
  return [
    usersHandlers,
    itemsHandlers,
    responseTimeHandlers,
    questionsHandlers,
    stockHandlers,
    categoriesHandlers,
    fulfillmentHandlers,
    creditLeadHandlers,
    notificationHandlers,
    demoOnlyHandlers,
  ].map((group) => () => group(route));
}

/** Every endpoint at once: the same list serves the browser worker, vitest, Playwright and the Node server. */
export function createHandlers(db: Db): HttpHandler[] {
  return handlerGroups(db).flatMap((make) => make());
}
