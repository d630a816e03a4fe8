import * as oauth from 'oauth4webapi';
import { z } from 'zod';

/** The marketplace as the server sees it: the OAuth steps (oauth4webapi) and the identity read. */

const identity = z.object({ id: z.union([z.number(), z.string()]).transform(String), nickname: z.string(), site_id: z.string() });
export type Identity = z.infer<typeof identity>;

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
}

/** A token endpoint refusal, by the spec's `error` code (`invalid_grant`, `invalid_client` …). */
export class OAuthRefusal extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`The marketplace refused the request: ${code}`);
    this.code = code;
  }
}

const requestTimeoutMs = 10_000;

export function createMarketplace(options: {
  apiUrl: string;
  oauth: { authUrl: string; clientId: string; clientSecret: string } | undefined;
  redirectUri: string;
}) {
  const fetchOptions = {
    // The marketplace is https; plain http is what a local simulator or a test fake speaks.
    [oauth.allowInsecureRequests]: options.apiUrl.startsWith('http:'),
    signal: () => AbortSignal.timeout(requestTimeoutMs),
  };
  const app = options.oauth && {
    as: {
      issuer: options.oauth.authUrl,
      authorization_endpoint: `${options.oauth.authUrl}/authorization`,
      token_endpoint: `${options.apiUrl}/oauth/token`,
    } satisfies oauth.AuthorizationServer,
    client: { client_id: options.oauth.clientId } satisfies oauth.Client,
    auth: oauth.ClientSecretPost(options.oauth.clientSecret),
  };

  function needApp() {
    if (!app) throw new Error('No OAuth app is configured');
    return app;
  }

  const toTokenSet = (result: oauth.TokenEndpointResponse): TokenSet => ({
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? null,
    expiresAt: new Date(Date.now() + (result.expires_in ?? 21600) * 1000),
  });

  async function refusalOr<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError) throw new OAuthRefusal(error.error);
      throw error;
    }
  }

  return {
    hasOAuth: app !== undefined,

    /** The authorization page's address for a new sign-in (PKCE S256 and state). */
    async authorizationUrl(state: string, codeVerifier: string): Promise<string> {
      const { as, client } = needApp();
      const url = new URL(as.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: options.redirectUri,
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },

    /** Exchanges the callback's code; the caller has checked `state` against the browser's cookie. */
    async exchangeCode(callback: URLSearchParams, state: string, codeVerifier: string): Promise<TokenSet> {
      const { as, client, auth } = needApp();
      const params = oauth.validateAuthResponse(as, client, callback, state);
      return refusalOr(async () => {
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth,
          params,
          options.redirectUri,
          codeVerifier,
          fetchOptions,
        );
        return toTokenSet(await oauth.processAuthorizationCodeResponse(as, client, response));
      });
    },

    async refresh(refreshToken: string): Promise<TokenSet> {
      const { as, client, auth } = needApp();
      return refusalOr(async () => {
        const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, fetchOptions);
        return toTokenSet(await oauth.processRefreshTokenResponse(as, client, response));
      });
    },

    /** `GET /users/me`; undefined when the token is refused. */
    async whoAmI(accessToken: string): Promise<Identity | undefined> {
      const response = await fetch(`${options.apiUrl}/users/me`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      if (response.status === 401 || response.status === 403) return undefined;
      if (!response.ok) throw new Error(`GET /users/me answered ${response.status}`);
      return identity.parse(await response.json());
    },
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
