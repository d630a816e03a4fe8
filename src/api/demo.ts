import { z } from 'zod';
import { requestData } from './client';
import { questionDetailSchema, type QuestionDetail } from './questions';

/**
 * Endpoints of the demo simulator, not of the seller API: all under /__demo, answered by the simulator
 * wherever it runs. The app calls them only when the host says the mode is demo.
 */

const demoUserProductsSchema = z.object({
  user_products: z.array(
    z.object({
      id: z.string(),
      title: z.string().nullable(),
      /** The location types of its stock (selling_address, meli_facility, seller_warehouse). */
      types: z.array(z.string()),
      /** The refusal of the spec this seeded product shows, or null for an ordinary one. */
      scenario: z.enum(['fulfillment_only', 'no_items', 'no_inventory_id', 'full_inbound_needed', 'facility_only_own_delivery']).nullable(),
    }),
  ),
});

export type DemoUserProduct = z.infer<typeof demoUserProductsSchema>['user_products'][number];

/** GET /__demo/scenarios: the caller's seeded user products, labelled with the rule each one shows. */
export async function getDemoUserProducts(signal?: AbortSignal): Promise<DemoUserProduct[]> {
  return (await requestData('/__demo/scenarios', { schema: demoUserProductsSchema, signal })).user_products;
}

/** POST /__demo/questions: a simulated buyer asks about the caller's item (their first when none is given). */
export function simulateBuyerQuestion(body: { item_id?: string; text: string }, signal?: AbortSignal): Promise<QuestionDetail> {
  return requestData('/__demo/questions', { method: 'POST', body, schema: questionDetailSchema, signal });
}
