import { setTimeout as delay } from 'node:timers/promises';
import { OAuthRefusal, type Marketplace } from './marketplace.ts';
import type { Store } from './store/store.ts';

/** The account has no usable token any more (never had one, or the marketplace refused the refresh). */
export class SignedOut extends Error {}

/** Refresh this long before the marketplace's expiry, so a request never leaves with a dying token. */
const refreshMarginMs = 60_000;
/** How long a refresh may hold an account; a crashed holder's lock runs out after this. */
const lockLeaseMs = 30_000;
const pollMs = 50;

/**
 * Hands out a valid access token for an account of a session. A refresh token works once, so each account
 * refreshes one at a time: requests of this process share one refresh (`inFlight`), and instances sharing
 * the store take a lock in it; a loser waits for the winner's new token instead of refreshing again.
 */
export function createTokens(store: Store, marketplace: Marketplace) {
  const inFlight = new Map<string, Promise<void>>();

  async function refreshOnce(sessionKey: string, userId: string, seenToken: string): Promise<void> {
    if (!(await store.lockRefresh(sessionKey, userId, lockLeaseMs))) return waitForOther(sessionKey, userId, seenToken);
    const current = await store.getTokens(sessionKey, userId);
    // Someone else refreshed between our read and our lock: their token is the one to use.
    if (!current || current.accessToken !== seenToken || !current.refreshToken) return store.unlockRefresh(sessionKey, userId);
    try {
      await store.saveRefreshed(sessionKey, userId, await marketplace.refresh(current.refreshToken));
    } catch (error) {
      if (error instanceof OAuthRefusal && error.code === 'invalid_grant') {
        await store.removeAccount(sessionKey, userId);
        throw new SignedOut('The marketplace ended this account’s sign-in');
      }
      await store.unlockRefresh(sessionKey, userId);
      throw error;
    }
  }

  async function waitForOther(sessionKey: string, userId: string, seenToken: string): Promise<void> {
    const deadline = Date.now() + lockLeaseMs;
    while (Date.now() < deadline) {
      await delay(pollMs);
      const tokens = await store.getTokens(sessionKey, userId);
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
        const tokens = await store.getTokens(sessionKey, userId);
        if (!tokens) throw new SignedOut('No such account in this session');
        const stale =
          tokens.accessToken === rejected || (tokens.expiresAt !== null && tokens.expiresAt.getTime() - Date.now() < refreshMarginMs);
        if (!stale) return tokens.accessToken;
        if (tokens.kind === 'personal' || !tokens.refreshToken) {
          // Nothing can renew it: drop the account so the session no longer claims it.
          await store.removeAccount(sessionKey, userId);
          throw new SignedOut('The token expired or was revoked');
        }
        const key = `${sessionKey}\n${userId}`;
        let refresh = inFlight.get(key);
        if (!refresh) {
          refresh = refreshOnce(sessionKey, userId, tokens.accessToken).finally(() => inFlight.delete(key));
          inFlight.set(key, refresh);
        }
        await refresh;
      }
      throw new SignedOut('The token could not be refreshed');
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
