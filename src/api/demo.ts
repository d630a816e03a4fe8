import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';
import type { Role } from '../../core/roles.ts';
import { questionDetailSchema, type QuestionDetail } from './questions';
import { serverSessionSchema, type ServerSession } from './session';

/**
 * Endpoints of the demo simulator, not of the seller API: all under /__demo, answered by the simulator
 * wherever it runs. The app calls them only when the host says the mode is demo.
 */

/** POST /__demo/questions: a simulated buyer asks about the caller's item (their first when none is given). */
export function simulateBuyerQuestion(body: { item_id?: string; text: string }, signal?: AbortSignal): Promise<QuestionDetail> {
  return requestData('/__demo/questions', { method: 'POST', body, schema: questionDetailSchema, signal });
}

// The triggers below change the simulator's db as the marketplace would and send the notification of the
// change; in demo mode it arrives as an activity entry on GET /events. Their answers are read only for the ids.

const demoCreditLeadSchema = z.object({ id: z.string(), item_id: z.string() });
const demoOperationSchema = z.object({ id: z.int(), inventory_id: z.string(), type: z.string() });
const demoRecategorizationSchema = z.object({ item_id: z.string(), from_category_id: z.string(), category_id: z.string() });

/** POST /__demo/credit-leads: a buyer asks for credit on the caller's item (their first when none is given). */
export function simulateCreditLead(body: { item_id?: string } = {}, signal?: AbortSignal) {
  return requestData('/__demo/credit-leads', { method: 'POST', body, schema: demoCreditLeadSchema, signal });
}

/** POST /__demo/fulfillment-operations: an operation on the caller's inventory (their first; a type its stock can take). */
export function simulateFulfillmentOperation(body: { inventory_id?: string; type?: string } = {}, signal?: AbortSignal) {
  return requestData('/__demo/fulfillment-operations', { method: 'POST', body, schema: demoOperationSchema, signal });
}

/**
 * POST /__demo/recategorize: the marketplace moves the item (the caller's first when none is given) to another
 * category with required attributes it lacks.
 */
export function simulateRecategorization(itemId?: string, signal?: AbortSignal) {
  const body = itemId === undefined ? {} : { item_id: itemId };
  return requestData('/__demo/recategorize', { method: 'POST', body, schema: demoRecategorizationSchema, signal });
}

/**
 * POST /__demo/see-as: the simulated server acts as `role` (null: the demo person's own) until the next one;
 * answers the session as `GET /session` does, with the role's permissions.
 */
export function seeAs(role: Role | null): Promise<ServerSession> {
  return requestData('/__demo/see-as', { method: 'POST', body: { role }, schema: serverSessionSchema, server: true });
}
