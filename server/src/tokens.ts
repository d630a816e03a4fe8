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
 * Hands out a valid access token for a seller account, whoever of its team asks. A refresh token works once,
 * so each account refreshes one at a time: requests of this process share one refresh (`inFlight`), and
 * instances sharing the store take a lock in it; a loser waits for the winner's new token instead of
 * refreshing again.
 *
 * When the marketplace ends the account's sign-in (`invalid_grant`, a personal token it refuses), the tokens
 * go but the account and its memberships stay, listed as needing a new sign-in: removing the account would
 * silently take a whole team's memberships with it, and its owner signing in again restores it.
 */
export function createTokens(store: Store, marketplace: Marketplace) {
  const inFlight = new Map<string, Promise<void>>();

  async function refreshOnce(accountId: string, seenToken: string): Promise<void> {
    if (!(await store.lockRefresh(accountId, lockLeaseMs))) return waitForOther(accountId, seenToken);
    const current = await store.getTokens(accountId);
    // Someone else refreshed between our read and our lock: their token is the one to use.
    if (!current || current.accessToken !== seenToken || !current.refreshToken) return store.unlockRefresh(accountId);
    try {
      await store.saveRefreshed(accountId, await marketplace.refresh(current.refreshToken));
    } catch (error) {
      if (error instanceof OAuthRefusal && error.code === 'invalid_grant') {
        await store.endAccountSignIn(accountId);
        throw new SignedOut('The marketplace ended this account’s sign-in');
      }
      await store.unlockRefresh(accountId);
      throw error;
    }
  }

  async function waitForOther(accountId: string, seenToken: string): Promise<void> {
    const deadline = Date.now() + lockLeaseMs;
    while (Date.now() < deadline) {
      await delay(pollMs);
      const tokens = await store.getTokens(accountId);
      if (!tokens?.accessToken) throw new SignedOut('The account was signed out');
      if (tokens.accessToken !== seenToken || !tokens.locked) return;
    }
  }

  return {
    /**
     * A token for the account: the stored one while it is fresh, else a refreshed one. `rejected` is a token
     * the API just answered 401 to; it is refreshed once even if its expiry says it is still good.
     */
    async accessToken(accountId: string, rejected?: string): Promise<string> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const tokens = await store.getTokens(accountId);
        if (!tokens?.accessToken) throw new SignedOut('The account is not connected or needs a new sign-in');
        const stale =
          tokens.accessToken === rejected || (tokens.expiresAt !== null && tokens.expiresAt.getTime() - Date.now() < refreshMarginMs);
        if (!stale) return tokens.accessToken;
        if (tokens.kind === 'personal' || !tokens.refreshToken) {
          // Nothing can renew it: the account waits for a new token from its owner.
          await store.endAccountSignIn(accountId);
          throw new SignedOut('The token expired or was revoked');
        }
        let refresh = inFlight.get(accountId);
        if (!refresh) {
          refresh = refreshOnce(accountId, tokens.accessToken).finally(() => inFlight.delete(accountId));
          inFlight.set(accountId, refresh);
        }
        await refresh;
      }
      throw new SignedOut('The token could not be refreshed');
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
