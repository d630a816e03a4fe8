import { createStore, useStore } from './store';

/**
 * Connection settings: the live access token (sessionStorage by default, localStorage when the seller
 * asks to be remembered on this device) and the credit sandbox switch. The token is never logged and
 * never placed in a URL.
 */
const tokenKey = 'seller-desk.token';
const sandboxKey = 'seller-desk.sandbox';

export type Mode = 'demo' | 'live';

export interface Session {
  mode: Mode;
  token: string;
  remember: boolean;
  sandbox: boolean;
  /** Why the last live request was refused (401), shown on Settings. */
  authProblem: string | null;
}

function loadSession(): Session {
  const remembered = localStorage.getItem(tokenKey);
  return {
    mode: 'demo',
    token: remembered ?? sessionStorage.getItem(tokenKey) ?? '',
    remember: remembered !== null,
    sandbox: localStorage.getItem(sandboxKey) === 'true',
    authProblem: null,
  };
}

export const sessionStore = createStore<Session>(loadSession());

export function useSession(): Session {
  return useStore(sessionStore);
}

export function saveToken(token: string, remember: boolean): void {
  localStorage.removeItem(tokenKey);
  sessionStorage.removeItem(tokenKey);
  if (token) (remember ? localStorage : sessionStorage).setItem(tokenKey, token);
  sessionStore.set((s) => ({ ...s, token, remember, authProblem: null }));
}

export function forgetToken(): void {
  saveToken('', false);
}

export function setSandbox(sandbox: boolean): void {
  localStorage.setItem(sandboxKey, String(sandbox));
  sessionStore.set((s) => ({ ...s, sandbox }));
}

export function setMode(mode: Mode): void {
  sessionStore.set((s) => ({ ...s, mode }));
}

export function reportAuthProblem(reason: string): void {
  sessionStore.set((s) => ({ ...s, authProblem: reason }));
}

/** The token demo mode sends; the demo backend maps it to the seeded seller. */
export const demoToken = 'demo-seller-token';
