import { isApiError } from '../../api/errors';
import type { Translate } from '../../lib/i18n';
import type { messages } from './messages';

type Key = keyof (typeof messages)['en'];

/** The spec's fulfillment error rows in words; other errors keep the generic description. */
export function describeFulfillmentError(error: unknown, t: Translate<Key>, inventoryIds: string): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 404) return t('error404', { id: inventoryIds });
  if (error.status === 403) return t('error403', { id: inventoryIds });
  if (error.status === 401) return t('error401');
  if (error.status === 400) return t('error400', { message: error.message });
  return undefined;
}
