import { z } from 'zod/mini';
import type { AnswerTarget } from '../../core/answerTarget.ts';
import './zodLocale';
import { requestData } from './client';

/**
 * A seller account's settings on Seller Desk's server (GET/PUT /account/settings, docs/roles.md): the
 * response-time target in minutes of working time and the working hours (seven days, Sunday first, minutes from
 * midnight in `timeZone`, the site's), shared by the team; owners and managers set them.
 */
const workingDaySchema = z.object({ from: z.int(), to: z.int() });
const accountSettingsSchema = z.object({
  targetMinutes: z.int().check(z.positive()),
  workingHours: z.array(z.nullable(workingDaySchema)).check(z.length(7)),
  timeZone: z.string(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** The header that names the account: a request made for one account is answered for it, whichever is active. */
const accountHeaders = (accountId: number) => ({ 'x-seller-account': String(accountId) });

export function getAccountSettings(accountId: number, signal?: AbortSignal): Promise<AccountSettings> {
  return requestData('/account/settings', { server: true, headers: accountHeaders(accountId), schema: accountSettingsSchema, signal });
}

export function putAccountSettings(accountId: number, target: AnswerTarget): Promise<AccountSettings> {
  return requestData('/account/settings', {
    method: 'PUT',
    server: true,
    headers: accountHeaders(accountId),
    body: target,
    schema: accountSettingsSchema,
  });
}
