import { isApiError } from '../../api/errors';
import { t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';

/** The spec's fulfillment error rows in words; other errors keep the generic description. */
export function describeFulfillmentError(error: unknown, i18n: I18n, inventoryIds: string): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 404)
    return t(
      i18n,
    )`There is no fulfillment inventory with id ${{ id: inventoryIds }} (404 seller_product_not_found). Check the id: use the inventory id of the item, not the item id.`;
  if (error.status === 403)
    return t(i18n)`Inventory ${{ id: inventoryIds }} belongs to another seller, so your account may not see it (403 forbidden).`;
  if (error.status === 401)
    return t(i18n)`You are not signed in, or the access token is no longer valid (401). Check the token in Settings.`;
  if (error.status === 400) return t(i18n)`The server refused the request: ${{ message: error.message }} (400 validation_error).`;
  return undefined;
}
