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
 * Every endpoint of the spec, and the demo-only ones under /__demo, over one db: the same list serves the
 * browser worker, vitest, Playwright and the Node server.
 */
export function createHandlers(db: Db): HttpHandler[] {
  const route = createRoute(db);
  return [
    ...usersHandlers(route),
    ...itemsHandlers(route),
    ...responseTimeHandlers(route),
    ...questionsHandlers(route),
    ...stockHandlers(route),
    ...categoriesHandlers(route),
    ...fulfillmentHandlers(route),
    ...creditLeadHandlers(route),
    ...notificationHandlers(route),
    ...demoOnlyHandlers(route),
  ];
}
