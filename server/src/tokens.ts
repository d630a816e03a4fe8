import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { OAuthRefusal, type Marketplace, type TokenSet } from './marketplace.ts';
import type { Store } from './store/store.ts';

/** The account has no usable token any more (never had one, or the marketplace refused the refresh). */
export class SignedOut extends Error {}

/** Refresh this long before the marketplace's expiry, so a request never leaves with a dying token. */
const refreshMarginMs = 60_000;
/** How long a refresh may hold an account; a crashed holder's lock runs out after this. */
const lockLeaseMs = 30_000;
const pollMs = 50;
/** A refresh's new tokens are saved in this many tries, 200 ms, 400 ms … apart, before the request goes on without. */
const saveAttempts = 3;
const saveRetryMs = 200;

/**
 * Hands out a valid access token for a seller account, whoever of its team asks. A refresh token works once,
 * so each account refreshes one at a time: requests of this process share one refresh (`inFlight`), and
 * instances sharing the store take a lock in it; a loser waits for the winner's new token instead of
 * refreshing again.
 *
 * When the marketplace ends the account's sign-in (`invalid_grant`, a token it refuses even fresh, a personal
 * token it no longer accepts), the tokens go but the account and its memberships stay, listed as needing a
 * new sign-in: removing the account would silently take a whole team's memberships with it, and its owner
 * signing in again restores it.
 */
export function createTokens(store: Store, marketplace: Marketplace, log: FastifyBaseLogger) {
  const inFlight = new Map<string, Promise<void>>();
  /**
   * Refreshed tokens the store has not taken yet. The marketplace has spent the old refresh token, so these
   * are the account's only working ones: used from here, and saved again on each use until it works. (Lost if
   * this process ends first, or if another instance refreshes with the spent token after the lock's lease.)
   */
  const unsaved = new Map<string, TokenSet>();

  async function saveOnce(accountId: string, tokens: TokenSet): Promise<void> {
    await store.saveRefreshed(accountId, tokens);
    if (unsaved.get(accountId) === tokens) unsaved.delete(accountId);
  }

  async function save(accountId: string, tokens: TokenSet): Promise<void> {
    unsaved.set(accountId, tokens);
    for (let attempt = 1; ; attempt++) {
      try {
        return await saveOnce(accountId, tokens);
      } catch (error) {
        if (attempt === saveAttempts) {
          log.error({ err: error, account: accountId }, 'refreshed tokens not stored yet; kept in memory and stored on their next use');
          return;
        }
        await delay(saveRetryMs * attempt);
      }
    }
  }

  /** The account's tokens: the store's, unless a refresh's are still waiting to be stored (tried once more). */
  async function current(accountId: string) {
    const held = unsaved.get(accountId);
    if (held) {
      try {
        await saveOnce(accountId, held);
      } catch {
        return { kind: 'oauth' as const, ...held, locked: false };
      }
    }
    return store.getTokens(accountId);
  }

  /** The account's sign-in is over: its tokens go, for every member, and it waits for its owner's sign-in. */
  async function signOut(accountId: string, reason: string): Promise<SignedOut> {
    unsaved.delete(accountId);
    await store.endAccountSignIn(accountId);
    log.warn({ account: accountId, reason }, 'account needs a new sign-in');
    return new SignedOut(reason);
  }

  async function refreshOnce(accountId: string, seenToken: string): Promise<void> {
    if (!(await store.lockRefresh(accountId, lockLeaseMs))) return waitForOther(accountId, seenToken);
    const tokens = await current(accountId);
    // Someone else refreshed between our read and our lock: their token is the one to use.
    if (!tokens || tokens.accessToken !== seenToken || !tokens.refreshToken) return store.unlockRefresh(accountId);
    let refreshed: TokenSet;
    try {
      refreshed = await marketplace.refresh(tokens.refreshToken);
    } catch (error) {
      if (error instanceof OAuthRefusal && error.code === 'invalid_grant')
        throw await signOut(accountId, 'the marketplace ended the sign-in (invalid_grant)');
      await store.unlockRefresh(accountId);
      throw error;
    }
    // Saving releases the lock; a save that fails keeps it until its lease runs out.
    await save(accountId, refreshed);
  }

  async function waitForOther(accountId: string, seenToken: string): Promise<void> {
    const deadline = Date.now() + lockLeaseMs;
    while (Date.now() < deadline) {
      await delay(pollMs);
      const tokens = await current(accountId);
      if (!tokens?.accessToken) throw new SignedOut('The account needs a new sign-in');
      if (tokens.accessToken !== seenToken || !tokens.locked) return;
    }
  }

  const expiring = (tokens: { expiresAt: Date | null }) =>
    tokens.expiresAt !== null && tokens.expiresAt.getTime() - Date.now() < refreshMarginMs;

  /**
   * A token for the account: the stored one while it is fresh, else a refreshed one. `rejected` is a token
   * the API just answered 401 to; it is refreshed once even if its expiry says it is still good.
   */
  async function accessToken(accountId: string, rejected?: string): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const tokens = await current(accountId);
      if (!tokens?.accessToken) throw new SignedOut('The account is not connected or needs a new sign-in');
      const stale = tokens.accessToken === rejected || expiring(tokens);
      if (!stale) return tokens.accessToken;
      // Nothing can renew it: the account waits for a new token from its owner.
      if (tokens.kind === 'personal' || !tokens.refreshToken) throw await signOut(accountId, 'the token expired or was refused');
      let refresh = inFlight.get(accountId);
      if (!refresh) {
        refresh = refreshOnce(accountId, tokens.accessToken).finally(() => inFlight.delete(accountId));
        inFlight.set(accountId, refresh);
      }
      await refresh;
    }
    throw new SignedOut('The token could not be refreshed');
  }

  return {
    accessToken,

    /**
     * The token the API door read for the account in the last moments (store.recentTokens), while it is not
     * about to expire; else `accessToken`. For a request's first try only: a 401 to it goes to `accessToken`.
     */
    async recentAccessToken(accountId: string): Promise<string> {
      const tokens = unsaved.has(accountId) ? undefined : await store.recentTokens(accountId);
      if (tokens?.accessToken && !expiring(tokens)) return tokens.accessToken;
      return accessToken(accountId);
    },

    /**
     * The API answered 401 to `token` even after `accessToken(…, rejected)` gave it (refreshed, or a newer
     * one): the marketplace refuses this account, whose sign-in ends as on invalid_grant. Answers false,
     * doing nothing, when the account's token has changed since (another request refreshed it).
     */
    async refused(accountId: string, token: string): Promise<boolean> {
      if ((await current(accountId))?.accessToken !== token) return false;
      await signOut(accountId, 'the marketplace refused a fresh token');
      return true;
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
