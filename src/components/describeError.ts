import { ApiError, ContractError, NetworkError } from '../api/errors';
import type { Translate } from '../lib/i18n';
import type { commonMessages } from './messages';

type CommonKey = keyof (typeof commonMessages)['en'];

/** An area's words for the spec's error rows it knows (its code table); undefined leaves the common words. */
export type DescribeAreaError = (error: unknown) => string | undefined;

export interface ErrorDescription {
  summary: string;
  details?: string;
}

/**
 * Every error in words, the one way the app puts them: the area's words for its spec rows when it has
 * them, else a sentence for the kind of error the client raised; the technical details either way.
 */
export function describeError(error: unknown, t: Translate<CommonKey>, describeArea?: DescribeAreaError): ErrorDescription {
  const common = describeCommon(error, t);
  const summary = describeArea?.(error);
  return summary === undefined ? common : { ...common, summary };
}

function describeCommon(error: unknown, t: Translate<CommonKey>): ErrorDescription {
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
