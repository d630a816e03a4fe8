/**
 * The seller demo mode works for. The simulator seeds it (src/demo/db/core.ts, which may not import the app: the
 * two are kept equal by demoAccount.test.ts) and maps its token to it; the app sends the token, and knows the
 * seller before /users/me answers, as live mode knows its active account.
 */
export const demoAccount = { id: 202593498, nickname: 'TIENDA_DEMO', site_id: 'MLA', token: 'demo-seller-token' } as const;
