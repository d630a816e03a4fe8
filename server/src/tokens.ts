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
 * Hands out a valid access token for an account of a session. A refresh token works once, so each account
 * refreshes one at a time: requests of this process share one refresh (`inFlight`), and instances sharing
 * the store take a lock in it; a loser waits for the winner's new token instead of refreshing again.
 */
export function createTokens(store: Store, marketplace: Marketplace, log: FastifyBaseLogger) {
  const inFlight = new Map<string, Promise<void>>();
  /**
   * Refreshed tokens the store has not taken yet. The marketplace has spent the old refresh token, so these
   * are the account's only working ones: used from here, and saved again on each use until it works. (Lost if
   * this process ends first, or if another instance refreshes with the spent token after the lock's lease.)
   */
  const unsaved = new Map<string, TokenSet>();
  const keyOf = (sessionKey: string, userId: string) => `${sessionKey}\n${userId}`;

  async function saveOnce(sessionKey: string, userId: string, tokens: TokenSet): Promise<void> {
    await store.saveRefreshed(sessionKey, userId, tokens);
    const key = keyOf(sessionKey, userId);
    if (unsaved.get(key) === tokens) unsaved.delete(key);
  }

  async function save(sessionKey: string, userId: string, tokens: TokenSet): Promise<void> {
    unsaved.set(keyOf(sessionKey, userId), tokens);
    for (let attempt = 1; ; attempt++) {
      try {
        return await saveOnce(sessionKey, userId, tokens);
      } catch (error) {
        if (attempt === saveAttempts) {
          log.error({ err: error, account: userId }, 'refreshed tokens not stored yet; kept in memory and stored on their next use');
          return;
        }
        await delay(saveRetryMs * attempt);
      }
    }
  }

  /** The account's tokens: the store's, unless a refresh's are still waiting to be stored (tried once more). */
  async function current(sessionKey: string, userId: string) {
    const held = unsaved.get(keyOf(sessionKey, userId));
    if (held) {
      try {
        await saveOnce(sessionKey, userId, held);
      } catch {
        return { kind: 'oauth' as const, ...held, locked: false };
      }
    }
    return store.getTokens(sessionKey, userId);
  }

  /** The account's sign-in in this session is over: removed, so its streams end and its activity is no longer served there. */
  async function signOut(sessionKey: string, userId: string, reason: string): Promise<SignedOut> {
    unsaved.delete(keyOf(sessionKey, userId));
    await store.removeAccount(sessionKey, userId);
    log.warn({ account: userId, reason }, 'account signed out of a session');
    return new SignedOut(reason);
  }

  async function refreshOnce(sessionKey: string, userId: string, seenToken: string): Promise<void> {
    if (!(await store.lockRefresh(sessionKey, userId, lockLeaseMs))) return waitForOther(sessionKey, userId, seenToken);
    const tokens = await current(sessionKey, userId);
    // Someone else refreshed between our read and our lock: their token is the one to use.
    if (!tokens || tokens.accessToken !== seenToken || !tokens.refreshToken) return store.unlockRefresh(sessionKey, userId);
    let refreshed: TokenSet;
    try {
      refreshed = await marketplace.refresh(tokens.refreshToken);
    } catch (error) {
      if (error instanceof OAuthRefusal && error.code === 'invalid_grant')
        throw await signOut(sessionKey, userId, 'the marketplace ended the sign-in (invalid_grant)');
      await store.unlockRefresh(sessionKey, userId);
      throw error;
    }
    // Saving releases the lock; a save that fails keeps it until its lease runs out.
    await save(sessionKey, userId, refreshed);
  }

  async function waitForOther(sessionKey: string, userId: string, seenToken: string): Promise<void> {
    const deadline = Date.now() + lockLeaseMs;
    while (Date.now() < deadline) {
      await delay(pollMs);
      const tokens = await current(sessionKey, userId);
      if (!tokens) throw new SignedOut('The account was signed out');
      if (tokens.accessToken !== seenToken || !tokens.locked) return;
    }
  }

  return {
    /**
     * A token for the account: the stored one while it is fresh, else a refreshed one. `rejected` is a token
     * the API just answered 401 to; it is refreshed once even if its expiry says it is still good.
     */
    async accessToken(sessionKey: string, userId: string, rejected?: string): Promise<string> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const tokens = await current(sessionKey, userId);
        if (!tokens) throw new SignedOut('No such account in this session');
        const stale =
          tokens.accessToken === rejected || (tokens.expiresAt !== null && tokens.expiresAt.getTime() - Date.now() < refreshMarginMs);
        if (!stale) return tokens.accessToken;
        // Nothing can renew it: drop the account so the session no longer claims it.
        if (tokens.kind === 'personal' || !tokens.refreshToken) throw await signOut(sessionKey, userId, 'the token expired or was refused');
        const key = keyOf(sessionKey, userId);
        let refresh = inFlight.get(key);
        if (!refresh) {
          refresh = refreshOnce(sessionKey, userId, tokens.accessToken).finally(() => inFlight.delete(key));
          inFlight.set(key, refresh);
        }
        await refresh;
      }
      throw new SignedOut('The token could not be refreshed');
    },

    /**
     * The API answered 401 to `token` even after `accessToken(…, rejected)` gave it (refreshed, or a newer
     * one): the marketplace refuses this account, and its sign-in in this session ends as on invalid_grant.
     * Answers false, doing nothing, when the account's token has changed since (another request refreshed it).
     */
    async refused(sessionKey: string, userId: string, token: string): Promise<boolean> {
      if ((await current(sessionKey, userId))?.accessToken !== token) return false;
      await signOut(sessionKey, userId, 'the marketplace refused a fresh token');
      return true;
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
