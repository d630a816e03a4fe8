import { ApiError } from '../../api/errors';
import { isLocationType, MissingVersionError, stockErrorCodes as codes } from '../../api/stock';
import type { Translate } from '../../lib/i18n';
import type { messages } from './messages';
import type { EditTarget } from './writes';

export type StockTranslate = Translate<keyof (typeof messages)['en']>;

export interface LocationInfo {
  name: string;
  explanation: string;
  manager: string;
  /** Whether this page can change it (the spec's "Editable via API" column). */
  editable: boolean;
}

/** The spec's table of location types in the seller's words. */
export function locationInfo(type: string, t: StockTranslate): LocationInfo {
  if (!isLocationType(type))
    return { name: type, explanation: t('explainUnknown', { type }), manager: t('managerUnknown'), editable: false };
  switch (type) {
    case 'meli_facility':
      return { name: t('typeMeliFacility'), explanation: t('explainMeliFacility'), manager: t('managerOperator'), editable: false };
    case 'selling_address':
      return { name: t('typeSellingAddress'), explanation: t('explainSellingAddress'), manager: t('managerSeller'), editable: true };
    case 'seller_warehouse':
      return { name: t('typeSellerWarehouse'), explanation: t('explainSellerWarehouse'), manager: t('managerSeller'), editable: true };
  }
}

/** "the selling address" / "warehouse STORE-101", as used inside sentences. */
export function targetName(target: EditTarget, t: StockTranslate): string {
  return target.type === 'selling_address' ? t('locationSelling') : t('locationWarehouse', { store: target.storeId });
}

/** The refusals of a write in words: the spec's 400 rows, 404, and the client's own missing-version guard. */
export function describeStockWriteError(error: unknown, t: StockTranslate): string | undefined {
  if (error instanceof MissingVersionError) return t('errMissingVersion');
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return t('errNotFound');
  switch (error.error) {
    case codes.fulfillmentOnly:
      return t('errFulfillmentOnly');
    case codes.noItems:
      return t('errNoItems');
    case codes.noInventoryId:
      return t('errNoInventory', { items: error.cause.length > 0 ? error.cause.join(', ') : error.message });
    case codes.fullInboundNeeded:
      return t('errFullInbound');
    case codes.missingVersion:
    case codes.invalidVersion:
      return t('errMissingVersion');
    case codes.invalidQuantity:
      return t('errInvalidQuantity');
    case codes.wrongLocationType:
      return t('errWrongType');
    case codes.storeNotOwned:
      return t('errStoreNotOwned');
    case codes.networkNodeMismatch:
      return t('errNetworkNode');
  }
  return error.status === 400 ? t('errOther', { status: error.status, message: error.message }) : undefined;
}
