import { ApiError, ContractError, NetworkError } from '../api/errors';
import type { Translate } from '../lib/i18n';
import type { commonMessages } from './messages';

type CommonKey = keyof (typeof commonMessages)['en'];

/** A sentence for any error the client raises; features add their own words for the spec's error rows. */
export function describeError(error: unknown, t: Translate<CommonKey>): { summary: string; details?: string } {
  if (error instanceof NetworkError) return { summary: t('errorNetwork') };
  if (error instanceof ContractError) {
    return {
      summary: t('errorContract'),
      details: `${error.endpoint}: ${error.issues.map((i) => `${i.path || '(root)'} — ${i.message}`).join('; ')}`,
    };
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return { summary: t('errorUnauthorized'), details: error.message };
    if (error.status === 403) return { summary: t('errorForbidden'), details: error.message };
    if (error.status === 404) return { summary: t('errorNotFound'), details: error.message };
    if (error.status === 429) return { summary: t('errorRateLimited') };
    if (error.status >= 500) return { summary: t('errorServer', { status: error.status }), details: error.message };
    return { summary: t('errorApi', { status: error.status, code: error.error, message: error.message }) };
  }
  return { summary: t('errorUnknown', { message: error instanceof Error ? error.message : String(error) }) };
}
