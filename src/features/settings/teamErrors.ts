import { t } from '@lingui/core/macro';
import type { DescribeAreaError } from '../../components/describeError';
import { isApiError } from '../../api/errors';

/** The team's and the passkeys' refusals (docs/teams.md), and a passkey prompt left unanswered, in words. */
export const describeTeamError: DescribeAreaError = (error, i18n) => {
  // The browser's passkey prompt was dismissed, timed out or found no passkey for this site (WebAuthn's own names).
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return t(i18n)`No passkey was used: the prompt was closed, timed out, or this device has no passkey for Seller Desk.`;
  if (!isApiError(error)) return undefined;
  switch (error.error) {
    case 'last_owner':
      return t(i18n)`The account would be left without an owner: make someone else an owner first.`;
    case 'account_user':
      return t(i18n)`The account's own marketplace user always stays an owner.`;
    case 'last_sign_in_method':
      return t(i18n)`This is your only way to sign in: add another passkey first.`;
    case 'passkey_refused':
      return t(i18n)`The passkey was not accepted. Try again, or use another passkey.`;
    case 'not_in_demo':
      return t(i18n)`Demo mode cannot create passkeys: your device makes a passkey for a real Seller Desk server.`;
    case 'forbidden':
      return t(i18n)`Your role does not allow this.`;
    default:
      return undefined;
  }
};
