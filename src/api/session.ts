import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';

/**
 * Seller Desk's own server (live mode), not the seller API: who is signed in and the connected seller
 * accounts (server/README.md, "The browser's API"). Tokens never come back; the browser holds only the
 * session cookie.
 */
const accountSchema = z.object({
  /** The seller's marketplace user id, as text (the server's store keeps it so). */
  id: z.string(),
  nickname: z.string(),
  site_id: z.string(),
  active: z.boolean(),
  /** Unread activity entries of the account; an older server does not send it. */
  unread: z._default(z.int().check(z.nonnegative()), 0),
});
export type Account = z.infer<typeof accountSchema>;

/** Also what the server's tests read its answers with, so both sides keep one shape. */
export const serverSessionSchema = z.object({
  mode: z.enum(['demo', 'live']),
  signedIn: z.boolean(),
  /** Whether the server has a marketplace app: without one only personal tokens sign in. */
  oauth: z.boolean(),
  accounts: z.array(accountSchema),
  activeAccountId: z.nullable(z.string()),
});
export type ServerSession = z.infer<typeof serverSessionSchema>;

export function getServerSession(): Promise<ServerSession> {
  return requestData('/session', { server: true, beforeReady: true, schema: serverSessionSchema });
}

/** A pasted access token joins the session as an account (the server checks it with `/users/me`). */
export function connectPersonalToken(token: string): Promise<ServerSession> {
  return requestData('/session/token', { server: true, beforeReady: true, method: 'POST', body: { token }, schema: serverSessionSchema });
}

export function activateAccount(id: string): Promise<ServerSession> {
  return requestData(`/session/accounts/${encodeURIComponent(id)}/activate`, {
    server: true,
    beforeReady: true,
    method: 'POST',
    schema: serverSessionSchema,
  });
}

/** Disconnects an account: the server deletes its tokens. */
export function disconnectAccount(id: string): Promise<ServerSession> {
  return requestData(`/session/accounts/${encodeURIComponent(id)}`, {
    server: true,
    beforeReady: true,
    method: 'DELETE',
    schema: serverSessionSchema,
  });
}

/** Ends the session on the server (its tokens are deleted there) and clears the cookie. */
export async function signOut(): Promise<void> {
  await requestData('/auth/logout', { server: true, beforeReady: true, method: 'POST', schema: z.undefined() });
}

/** Where "Sign in with the marketplace" goes: a full navigation, since the marketplace's page is not ours. */
export function signInUrl(returnTo: string, addAccount = false): string {
  const params = new URLSearchParams({ returnTo });
  if (addAccount) params.set('add', '1');
  return `/auth/login?${params}`;
}
