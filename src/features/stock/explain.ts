import { ApiError } from '../../api/errors';
import { isLocationType, MissingVersionError, stockErrorCodes as codes } from '../../api/stock';
import type { EditTarget } from './writes';
import { t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';

export interface LocationInfo {
  name: string;
  explanation: string;
  manager: string;
  /** Whether this page can change it (the spec's "Editable via API" column). */
  editable: boolean;
}

/** The spec's table of location types in the seller's words. */
export function locationInfo(type: string, i18n: I18n): LocationInfo {
  if (!isLocationType(type))
    return {
      name: type,
      explanation: t(i18n)`A location type the API specification does not describe (${type}); shown read-only.`,
      manager: t(i18n)`Unknown`,
      editable: false,
    };
  switch (type) {
    case 'meli_facility':
      return {
        name: t(i18n)`Fulfillment warehouses`,
        explanation: t(
          i18n,
        )`Units you sent to the operator’s fulfillment warehouses. The operator manages them, so they cannot be edited here: they change with inbounds and sales.`,
        manager: t(i18n)`The operator`,
        editable: false,
      };
    case 'selling_address':
      return {
        name: t(i18n)`Selling address`,
        explanation: t(
          i18n,
        )`Your own origin warehouse, for own-delivery stock of listings that are also in fulfillment. You manage it: editable here while the items have own delivery enabled.`,
        manager: t(i18n)`You`,
        editable: true,
      };
    case 'seller_warehouse':
      return {
        name: t(i18n)`Seller warehouse`,
        explanation: t(i18n)`One of your warehouses (several stock origins). You manage it: editable here, one warehouse at a time.`,
        manager: t(i18n)`You`,
        editable: true,
      };
  }
}

/** "the selling address" / "warehouse STORE-101", as used inside sentences. */
export function targetName(target: EditTarget, i18n: I18n): string {
  return target.type === 'selling_address' ? t(i18n)`the selling address` : t(i18n)`warehouse ${{ store: target.storeId }}`;
}

/** The refusals of a write in words: the spec's 400 rows, 404, and the client's own missing-version guard. */
export function describeStockWriteError(error: unknown, i18n: I18n): string | undefined {
  if (error instanceof MissingVersionError)
    return t(i18n)`The change had no version to start from (x-version), so it was refused. Reload the stock and edit again.`;
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return t(i18n)`The user product no longer exists or is not yours (404).`;
  switch (error.error) {
    case codes.fulfillmentOnly:
      return t(
        i18n,
      )`The items of this user product are sold through fulfillment only, so there is no selling-address stock to set. Enable own delivery on an item first.`;
    case codes.noItems:
      return t(i18n)`No items are associated with this user product, so its stock cannot be changed. Link a listing to it first.`;
    case codes.noInventoryId:
      return t(
        i18n,
      )`Some items have no inventory id (they are not in fulfillment): ${{ items: error.cause.length > 0 ? error.cause.join(', ') : error.message }}. Selling-address stock is only for items that are also in fulfillment; change their stock on the listing instead.`;
    case codes.fullInboundNeeded:
      return t(
        i18n,
      )`The operator needs a full inbound before this stock can be modified: send the pending units to the fulfillment warehouse first.`;
    case codes.missingVersion:
    case codes.invalidVersion:
      return t(i18n)`The change had no version to start from (x-version), so it was refused. Reload the stock and edit again.`;
    case codes.invalidQuantity:
      return t(i18n)`The server refused the quantity: it must be a whole number, 0 or more.`;
    case codes.wrongLocationType:
      return t(i18n)`This user product does not keep stock in that kind of location.`;
    case codes.storeNotOwned:
      return t(i18n)`That warehouse (store) does not belong to you.`;
    case codes.networkNodeMismatch:
      return t(i18n)`The network node does not match that warehouse.`;
  }
  return error.status === 400
    ? t(i18n)`The server refused the change (${{ status: error.status }}): ${{ message: error.message }}`
    : undefined;
}
