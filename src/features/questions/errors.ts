import { ApiError, NetworkError } from '../../api/errors';
import { t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';

/** The spec's error rows of the question writes, in words; undefined leaves the generic description. */
export function describeQuestionError(error: unknown, i18n: I18n): string | undefined {
  if (error instanceof NetworkError) return t(i18n)`The answer could not be sent: no connection. Your draft is kept.`;
  if (!(error instanceof ApiError)) return undefined;
  switch (error.error) {
    case 'invalid_post_body':
      return t(i18n)`The server says the answer is incomplete (invalid_post_body): it needs the question and a text.`;
    case 'invalid_question':
      return t(i18n)`The server says this is not a valid question (invalid_question).`;
    case 'not_unanswered_question':
      return t(i18n)`This question is no longer unanswered (it was answered, closed or moderated), so it cannot be answered.`;
    case 'contact_data':
      return t(
        i18n,
      )`Seller Desk's server found contact data in the answer, which the marketplace does not allow in answers: edit it and send again.`;
    case 'invalid_text':
      return t(i18n)`The server refused the text: at most 2,000 characters.`;
  }
  if (error.status === 404) return t(i18n)`This question no longer exists (deleted, or unanswered for more than 7 months).`;
  if (error.status === 403) return t(i18n)`Only the seller of the item can do this.`;
  return undefined;
}
