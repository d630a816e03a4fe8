import { createHash, randomBytes } from 'node:crypto';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { currentTime, type Db } from './db';
import { apiPath } from './route';

/**
 * The marketplace's sign-in, for the simulator served in Node (the browser's demo needs none), following
 * shared/spec/sign-in-and-notifications.md: `GET /authorization` shows a consent page where the person
 * picks a demo seller, `POST /authorization` sends the browser back with a code (or `access_denied`), and
 * `POST /oauth/token` exchanges codes and refresh tokens. Access tokens it issues go into `db.accessTokens`,
 * which the route wrapper accepts as the seller's own token until they expire.
 */
export interface OAuthOptions {
  clientId: string;
  clientSecret: string;
  /** `expires_in` of the access tokens issued, in seconds (the spec's 6 hours by default). */
  expiresIn?: number;
}

/** What tests steer and observe. */
export interface DemoOAuth {
  /** Every call of the token endpoint, in order. */
  readonly tokenCalls: { grant_type: string }[];
  /** `expires_in` of the next tokens issued, in seconds. */
  expiresIn: number;
  /** Milliseconds the token endpoint waits before answering, so that concurrent refreshes overlap. */
  tokenDelayMs: number;
  /** The API refuses every access token issued so far, as when they expire. */
  expireAccessTokens(): void;
  /** Every refresh token issued so far stops working, as when the seller revokes the app. */
  revokeRefreshTokens(): void;
}

// "A code is short-lived": ten minutes (our choice, the usual lifetime).
const codeLifetimeMs = 10 * 60_000;
const scope = 'offline_access read write';
// The parameters of an authorization request, carried by the consent form as hidden fields.
const requestFields = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method'] as const;

interface AuthorizationRequest {
  /** As sent: the code exchange must repeat it exactly. */
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
}

interface PendingCode {
  sellerId: number;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
  used: boolean;
}

const newToken = (prefix: string) => `${prefix}-${randomBytes(16).toString('hex')}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Marketplace (simulator)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}fieldset{margin:1rem 0}label{display:block}button{font:inherit;margin-right:.5rem}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
  return new HttpResponse(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

const badRequestPage = (problem: string) => page(400, 'This sign-in request cannot be completed', `<p>${escapeHtml(problem)}</p>`);

function redirect(to: URL): Response {
  return new HttpResponse(null, { status: 302, headers: { location: to.href, 'cache-control': 'no-store' } });
}

function tokenError(error: string, description: string): Response {
  return HttpResponse.json({ error, error_description: description, status: 400 }, { status: 400 });
}

export function createOAuth(db: Db, options: OAuthOptions): { handlers: HttpHandler[]; oauth: DemoOAuth } {
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Map<string, { sellerId: number; used: boolean }>();
  const oauth: DemoOAuth = {
    tokenCalls: [],
    expiresIn: options.expiresIn ?? 21600,
    tokenDelayMs: 0,
    expireAccessTokens: () => db.accessTokens.forEach((token) => (token.expiresAt = 0)),
    revokeRefreshTokens: () => refreshTokens.forEach((token) => (token.used = true)),
  };

  /** The request's parameters checked as the spec asks; a string says what is wrong. */
  function readRequest(params: URLSearchParams): AuthorizationRequest | string {
    if (params.get('response_type') !== 'code') return 'response_type must be code.';
    if (params.get('client_id') !== options.clientId) return 'No application is registered with this client_id.';
    if (params.get('code_challenge_method') !== 'S256') return 'code_challenge_method must be S256.';
    const codeChallenge = params.get('code_challenge') ?? '';
    if (!/^[\w-]{43}$/.test(codeChallenge)) return 'code_challenge must be a BASE64URL-encoded SHA-256 hash.';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!['http:', 'https:'].includes(URL.parse(redirectUri)?.protocol ?? '')) return 'redirect_uri must be an http or https URL.';
    return { redirectUri, state: params.get('state'), codeChallenge };
  }

  function consentPage(params: URLSearchParams, request: AuthorizationRequest): Response {
    const hidden = requestFields
      .filter((name) => params.has(name))
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name)!)}">`)
      .join('\n');
    const sellers = db.sellers
      .map(
        (seller, index) =>
          `<label><input type="radio" name="seller_id" value="${seller.id}"${index === 0 ? ' checked' : ''}> ${escapeHtml(seller.nickname)} (${seller.site_id})</label>`,
      )
      .join('\n');
    return page(
      200,
      'Sign in to the marketplace',
      `<p>The application <strong>${escapeHtml(options.clientId)}</strong> asks to use your seller account
(${scope}). You will be sent back to ${escapeHtml(new URL(request.redirectUri).origin)}.</p>
<form method="post" action="/authorization">
${hidden}
<fieldset>
<legend>Sign in as</legend>
${sellers}
</fieldset>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
    );
  }

  function decide(params: URLSearchParams, request: AuthorizationRequest): Response {
    const back = new URL(request.redirectUri);
    if (params.get('decision') === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The seller did not allow the application.');
    } else {
      const seller = db.sellers.find((s) => String(s.id) === params.get('seller_id'));
      if (params.get('decision') !== 'allow' || !seller) return badRequestPage('Choose a seller, then Allow or Deny.');
      const code = newToken('TG-code');
      codes.set(code, {
        sellerId: seller.id,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        expiresAt: currentTime(db) + codeLifetimeMs,
        used: false,
      });
      back.searchParams.set('code', code);
    }
    if (request.state !== null) back.searchParams.set('state', request.state);
    return redirect(back);
  }

  function issueTokens(sellerId: number): Response {
    const accessToken = newToken('APP_USR');
    const refreshToken = newToken('TG');
    db.accessTokens.set(accessToken, { sellerId, expiresAt: currentTime(db) + oauth.expiresIn * 1000 });
    refreshTokens.set(refreshToken, { sellerId, used: false });
    return HttpResponse.json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: oauth.expiresIn,
      scope,
      user_id: sellerId,
      refresh_token: refreshToken,
    });
  }

  function exchangeCode(form: URLSearchParams): Response {
    const code = codes.get(form.get('code') ?? '');
    if (!code || code.used || code.expiresAt <= currentTime(db))
      return tokenError('invalid_grant', 'The code is unknown, used or expired.');
    // Used once, whatever the outcome.
    code.used = true;
    if (form.get('redirect_uri') !== code.redirectUri)
      return tokenError('invalid_grant', 'redirect_uri differs from the authorization request.');
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    if (challenge !== code.codeChallenge) return tokenError('invalid_grant', 'code_verifier does not match the code_challenge.');
    return issueTokens(code.sellerId);
  }

  function refresh(form: URLSearchParams): Response {
    const token = refreshTokens.get(form.get('refresh_token') ?? '');
    if (!token || token.used) return tokenError('invalid_grant', 'The refresh token is unknown, used or revoked.');
    token.used = true;
    return issueTokens(token.sellerId);
  }

  const handlers = [
    http.get(apiPath('/authorization'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const checked = readRequest(params);
      return typeof checked === 'string' ? badRequestPage(checked) : consentPage(params, checked);
    }),
    http.post(apiPath('/authorization'), async ({ request }) => {
      const params = new URLSearchParams(await request.text());
      const checked = readRequest(params);
      return typeof checked === 'string' ? badRequestPage(checked) : decide(params, checked);
    }),
    http.post(apiPath('/oauth/token'), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const grantType = form.get('grant_type') ?? '';
      oauth.tokenCalls.push({ grant_type: grantType });
      if (oauth.tokenDelayMs > 0) await delay(oauth.tokenDelayMs);
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret)
        return tokenError('invalid_client', 'The client_id or client_secret is wrong.');
      if (grantType === 'authorization_code') return exchangeCode(form);
      if (grantType === 'refresh_token') return refresh(form);
      return tokenError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    }),
  ];
  return { handlers, oauth };
}
