import { ApiError, ContractError, NetworkError } from '../api/errors';
import { t } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';

/** An area's words for the spec's error rows it knows (its code table); undefined leaves the common words. */
export type DescribeAreaError = (error: unknown, i18n: I18n) => string | undefined;

export interface ErrorDescription {
  summary: string;
  details?: string;
}

/**
 * Every error in words, the one way the app puts them: the area's words for its spec rows when it has
 * them, else a sentence for the kind of error the client raised; the technical details either way.
 */
export function describeError(error: unknown, i18n: I18n, describeArea?: DescribeAreaError): ErrorDescription {
  const common = describeCommon(error, i18n);
  const summary = describeArea?.(error, i18n);
  return summary === undefined ? common : { ...common, summary };
}

/** A 429: how long the server asked to wait when it said (waits over 30 s are not waited out automatically). */
function describeTooMany(seconds: number | null, i18n: I18n): string {
  if (seconds === null) return t(i18n)`Too many requests. Seller Desk retries automatically; wait a moment.`;
  // In whole minutes, rounded up ("1 min", "60 min"), worded by Intl: no plural forms in the first-paint catalog.
  const wait = new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: 'minute' }).format(Math.ceil(seconds / 60));
  return t(i18n)`Too many requests (429): wait ${wait}, then try again.`;
}

function describeCommon(error: unknown, i18n: I18n): ErrorDescription {
  if (error instanceof NetworkError) return { summary: t(i18n)`The server could not be reached. Check your connection and try again.` };
  if (error instanceof ContractError) {
    return {
      summary: t(i18n)`Unexpected response from the server.`,
      details: `${error.endpoint}: ${error.issues.map((i) => `${i.path || '(root)'} — ${i.message}`).join('; ')}`,
    };
  }
  if (error instanceof ApiError) {
    if (error.status === 401)
      return {
        summary: t(i18n)`You are not signed in, or the marketplace refused the sign-in (401). Sign in again.`,
        details: error.message,
      };
    // Seller Desk's door refused what the person's role does not include (docs/roles.md).
    if (error.status === 403 && error.error === 'forbidden')
      return { summary: t(i18n)`Your role does not allow this (403).`, details: error.message };
    if (error.status === 403) return { summary: t(i18n)`You are not allowed to see this (403).`, details: error.message };
    if (error.status === 404) return { summary: t(i18n)`Not found (404).`, details: error.message };
    // Seller Desk's own rate budget toward the marketplace refused the call before sending it (a longer wait
    // than 5 s): nothing was sent, so Retry is safe; reads are retried by themselves after Retry-After.
    if (error.status === 429 && error.error === 'rate_budget') {
      const seconds = Math.max(1, Math.ceil(error.retryAfter ?? 1));
      return {
        summary: t(
          i18n,
        )`Seller Desk is pacing its calls to the marketplace to stay within its limit, and sent nothing. Try again in ${seconds} s.`,
      };
    }
    if (error.status === 429) return { summary: describeTooMany(error.retryAfter, i18n) };
    // Seller Desk's server answers 504 when the marketplace did not answer within its time limit.
    if (error.status === 504)
      return { summary: t(i18n)`The marketplace did not answer in time (timeout). Try again in a moment.`, details: error.message };
    if (error.status >= 500)
      return { summary: t(i18n)`The server failed (${{ status: error.status }}). Try again in a moment.`, details: error.message };
    return {
      summary: t(
        i18n,
      )`The server refused the request (${{ status: error.status }} ${{ code: error.error }}): ${{ message: error.message }}`,
    };
  }
  return { summary: t(i18n)`An unexpected error happened: ${{ message: error instanceof Error ? error.message : String(error) }}` };
}
