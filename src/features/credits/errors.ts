import { isApiError } from '../../api/errors';
import type { Translate } from '../../lib/i18n';
import type { messages } from './messages';

type Key = keyof (typeof messages)['en'];

/** The spec's error row a search or detail answer can still hit after the form's checks: a seller mismatch. */
export function describeCreditLeadError(error: unknown, t: Translate<Key>): string | undefined {
  return isApiError(error, 400) && error.error === 'invalid_seller' ? t('sellerMismatch') : undefined;
}
