import { z } from 'zod/mini';
import './zodLocale';
import { requestData, type RequestOptions } from './client';

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
  /** The person's role on the account (docs/roles.md); read as text, so a newer server's role cannot fail the session. */
  role: z.optional(z.string()),
  /** The marketplace ended the account's sign-in (docs/teams.md): its marketplace user must sign in again. */
  needsSignIn: z.optional(z.boolean()),
});
export type Account = z.infer<typeof accountSchema>;

/** Also what the server's tests read its answers with, so both sides keep one shape. */
export const serverSessionSchema = z.object({
  mode: z.enum(['demo', 'live']),
  signedIn: z.boolean(),
  /** Whether the server has a marketplace app: without one only personal tokens sign in. */
  oauth: z.boolean(),
  /** The person signed in (docs/teams.md); null signed out. An older server (and demo mode's tests) leave it out. */
  person: z.optional(z.nullable(z.object({ id: z.string(), name: z.string(), methods: z.array(z.enum(['marketplace', 'passkey'])) }))),
  accounts: z.array(accountSchema),
  activeAccountId: z.nullable(z.string()),
  /**
   * The person's permissions on the active account (core/roles.ts names; unknown ones are ignored). An older
   * server does not send them: the pages then treat the person as the owner, and the server still decides.
   */
  permissions: z.optional(z.array(z.string())),
});
export type ServerSession = z.infer<typeof serverSessionSchema>;

/** The session's own requests to Seller Desk's server, sent at once: asking who is signed in is part of getting ready. */
function sessionRequest<S extends z.ZodMiniType>(
  path: string,
  options: Omit<RequestOptions<S>, 'server' | 'beforeReady'>,
): Promise<z.infer<S>> {
  return requestData(path, { ...options, server: true, beforeReady: true });
}

export function getServerSession(): Promise<ServerSession> {
  return sessionRequest('/session', { schema: serverSessionSchema });
}

/** A pasted access token joins the session as an account (the server checks it with `/users/me`). */
export function connectPersonalToken(token: string): Promise<ServerSession> {
  return sessionRequest('/session/token', { method: 'POST', body: { token }, schema: serverSessionSchema });
}

export function activateAccount(id: string): Promise<ServerSession> {
  return sessionRequest(`/session/accounts/${encodeURIComponent(id)}/activate`, { method: 'POST', schema: serverSessionSchema });
}

/** An owner disconnects the account (its tokens and every membership go); anyone else leaves it. */
export function disconnectAccount(id: string): Promise<ServerSession> {
  return sessionRequest(`/session/accounts/${encodeURIComponent(id)}`, { method: 'DELETE', schema: serverSessionSchema });
}

/** Ends the session on the server (never an account's tokens) and clears the cookie. */
export async function signOut(): Promise<void> {
  await sessionRequest('/auth/logout', { method: 'POST', schema: z.undefined() });
}

/** Ends every session of the person, on every device. */
export async function signOutEverywhere(): Promise<void> {
  await sessionRequest('/auth/logout-everywhere', { method: 'POST', schema: z.undefined() });
}

/** Where "Sign in with the marketplace" goes: a full navigation, since the marketplace's page is not ours. */
export function signInUrl(returnTo: string, addAccount = false): string {
  const params = new URLSearchParams({ returnTo });
  if (addAccount) params.set('add', '1');
  return `/auth/login?${params}`;
}
