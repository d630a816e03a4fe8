import type { ServerSession } from '../api/session';
import { demoAccount } from './demoAccount';
import { createStore, deviceStorage, tabStorage, useStore } from './store';

/**
 * Who the app works for. The mode comes from the page the server served (`<meta name="seller-desk-mode">`),
 * never from a guess: a page that does not say shows an error, not the demo. In live mode the server holds
 * the session and the tokens; the browser only learns who is signed in (GET /session). The credit sandbox
 * switch is a device preference.
 */
const sandboxKey = 'seller-desk.sandbox';

export type Mode = 'demo' | 'live';

/**
 * The server ended the sign-in (`signed_out`: the session expired, or the marketplace refused the account's
 * refresh token), or the marketplace refused the request with its own reason (a revoked personal token).
 */
type AuthProblem = { signedOut: true } | { signedOut: false; reason: string };

export interface Session {
  /** null: the page did not carry the mode. */
  mode: Mode | null;
  /** Live mode: the server's answer, null until it came. */
  server: ServerSession | null;
  /** Live mode: the server could not be asked who is signed in. */
  unreachable: boolean;
  sandbox: boolean;
  /** Why the last request was refused (401), shown on the sign-in screen. */
  authProblem: AuthProblem | null;
  /** The nickname of the account the person was removed from while the app was open, until they read it. */
  removedFrom: string | null;
}

export function readMode(page: Document = document): Mode | null {
  const content = page.querySelector('meta[name="seller-desk-mode"]')?.getAttribute('content');
  return content === 'demo' || content === 'live' ? content : null;
}

/** Versions before the server kept tokens in browser storage; whatever they left is deleted on load. */
function deleteStoredTokens(): void {
  deviceStorage.remove('seller-desk.token');
  tabStorage.remove('seller-desk.token');
}

function loadSession(): Session {
  deleteStoredTokens();
  return {
    mode: null,
    server: null,
    unreachable: false,
    sandbox: deviceStorage.get(sandboxKey) === 'true',
    authProblem: null,
    removedFrom: null,
  };
}

export const sessionStore = createStore<Session>(loadSession());

export function useSession(): Session {
  return useStore(sessionStore);
}

export function setSandbox(sandbox: boolean): void {
  deviceStorage.set(sandboxKey, String(sandbox));
  sessionStore.set((s) => ({ ...s, sandbox }));
}

export function setMode(mode: Mode | null): void {
  sessionStore.set((s) => ({ ...s, mode }));
}

/** Counts the sessions the seller changed, so an answer to an older question cannot undo a newer change. */
let changes = 0;

/** A session the seller just changed (signed in, switched, disconnected): any earlier refusal is over. */
export function acceptServerSession(server: ServerSession): void {
  changes++;
  sessionStore.set((s) => ({ ...s, server, unreachable: false, authProblem: null }));
}

/** This page signed out (here or everywhere): the server's session as it now is. */
export function acceptSignOut(): void {
  // Demo mode has no sign-in to come back through: its simulator keeps its one person signed in (src/demo/team.ts).
  if (sessionStore.get().mode === 'demo') return void refreshServerSession();
  const server = sessionStore.get().server;
  if (server) acceptServerSession({ ...server, signedIn: false, person: null, accounts: [], activeAccountId: null, permissions: [] });
}

/**
 * Asks the server who is signed in (after a 401, or when the active account's stream ended); a refusal seen
 * before stays until the seller acts. When the active account is gone from the person's accounts (they were
 * removed from it, or it was disconnected), `forget` drops what the pages held of it first, and the session
 * says which account it was.
 */
export async function refreshServerSession(forget?: () => Promise<void>): Promise<void> {
  const asked = changes;
  try {
    // The session module (and zod) load on demand: demo mode and the first paint never need them.
    const server = await (await import('../api/session')).getServerSession();
    const before = sessionStore.get().server;
    const lost =
      before?.signedIn && server.signedIn
        ? before.accounts.find((a) => a.active && !server.accounts.some((b) => b.id === a.id))
        : undefined;
    if (lost && forget) await forget();
    // A switch made while this was under way wins: its answer is newer than this one.
    if (asked === changes)
      sessionStore.set((s) => ({ ...s, server, unreachable: false, removedFrom: lost ? lost.nickname : s.removedFrom }));
  } catch {
    if (asked === changes) sessionStore.set((s) => ({ ...s, unreachable: true }));
  }
}

/**
 * A 401 in live mode: nothing of this seller stays in memory, and the app shows its sign-in screen with the
 * reason, even when the server still holds another account: the seller chooses, the app does not switch.
 */
export function handleUnauthorized(error: { error: string; message: string }, clearCache: () => void): void {
  if (sessionStore.get().mode !== 'live') return;
  clearCache();
  const authProblem: AuthProblem = error.error === 'signed_out' ? { signedOut: true } : { signedOut: false, reason: error.message };
  sessionStore.set((s) => ({ ...s, authProblem }));
  void refreshServerSession();
}

/** Whose data the pages show: live mode's active account, or demo mode's one seller. */
export function activeAccount(session: Session): string {
  return session.mode === 'live' ? (session.server?.activeAccountId ?? '') : 'demo';
}

/**
 * What the pages are keyed by (src/app/router.tsx), so nothing of one seller's pages survives under another:
 * live mode's active account; demo mode's role, which "See as" changes (the owner's until the simulator says).
 */
export function pagesKey(session: Session): string {
  if (session.mode !== 'demo') return session.server?.activeAccountId ?? String(session.mode);
  return `demo:${session.server?.accounts.find((account) => account.active)?.role ?? 'owner'}`;
}

/** The person has read that they were removed from an account. */
export function dismissRemoval(): void {
  sessionStore.set((s) => ({ ...s, removedFrom: null }));
}

/**
 * What the app can show: its pages only when it knows the mode and, in live mode, someone is signed in with
 * an account to work on; a person signed in with none (removed from their last) is told so, not refused.
 */
export type Access = 'unknown-mode' | 'checking' | 'unreachable' | 'sign-in' | 'no-account' | 'open';

export function accessOf(session: Session): Access {
  if (session.mode === null) return 'unknown-mode';
  if (session.mode === 'demo') return 'open';
  if (session.server === null) return session.unreachable ? 'unreachable' : 'checking';
  if (!session.server.signedIn) return 'sign-in';
  // Told so even after a refusal: the server answers signed_out to a person signed in with no account left
  // (server/src/door.ts), and a request can meet that before their session says they were removed.
  if (session.server.activeAccountId === null) return 'no-account';
  return session.authProblem === null ? 'open' : 'sign-in';
}

/** The token demo mode sends; the demo backend maps it to the seeded seller. */
export const demoToken = demoAccount.token;
