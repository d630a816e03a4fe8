import { isApiError } from '../../api/errors';
import { t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';

/** The spec's error row a search or detail answer can still hit after the form's checks: a seller mismatch. */
export function describeCreditLeadError(error: unknown, i18n: I18n): string | undefined {
  return isApiError(error, 400) && error.error === 'invalid_seller'
    ? t(
        i18n,
      )`The service refused the request (400): the seller in the request is not the owner of the access token. Check the token in Settings.`
    : undefined;
}
