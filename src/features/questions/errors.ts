import { ApiError, NetworkError } from '../../api/errors';
import type { Translate } from '../../lib/i18n';
import type { messages } from './messages';

type Key = keyof (typeof messages)['en'];

/** The spec's error rows of the question writes, in words; undefined leaves the generic description. */
export function describeQuestionError(error: unknown, t: Translate<Key>): string | undefined {
  if (error instanceof NetworkError) return t('errNetwork');
  if (!(error instanceof ApiError)) return undefined;
  switch (error.error) {
    case 'invalid_post_body':
      return t('errInvalidBody');
    case 'invalid_question':
      return t('errInvalidQuestion');
    case 'not_unanswered_question':
      return t('errNotUnanswered');
    case 'invalid_text':
      return t('errTooLong');
  }
  if (error.status === 404) return t('errNotFound');
  if (error.status === 403) return t('errForbidden');
  return undefined;
}
