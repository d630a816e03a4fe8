import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';

/**
 * Low-stock thresholds on Seller Desk's server (docs/stock-bulk.md, core/lowStock.ts): the account's default
 * (owners and managers set it) and each user product's own (whoever may change its stock), on the total
 * available across locations; null is none.
 */
const thresholdsSchema = z.object({
  accountDefault: z.nullable(z.int()),
  userProducts: z.array(z.object({ userProductId: z.string(), threshold: z.int() })),
});
export type Thresholds = z.infer<typeof thresholdsSchema>;

const savedSchema = z.object({ threshold: z.nullable(z.int()) });

/** The header that names the account: a request made for one account is answered for it, whichever is active. */
const accountHeaders = (accountId: number) => ({ 'x-seller-account': String(accountId) });

export function getThresholds(accountId: number, signal?: AbortSignal): Promise<Thresholds> {
  return requestData('/low-stock', { server: true, headers: accountHeaders(accountId), schema: thresholdsSchema, signal });
}

/** Sets a user product's threshold, or the account's default without `userProductId`. */
export function putThreshold(accountId: number, threshold: number | null, userProductId?: string): Promise<{ threshold: number | null }> {
  const path = userProductId === undefined ? '/low-stock/default' : `/low-stock/user-products/${encodeURIComponent(userProductId)}`;
  return requestData(path, { method: 'PUT', server: true, headers: accountHeaders(accountId), body: { threshold }, schema: savedSchema });
}
