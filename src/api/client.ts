import type { z } from 'zod/mini';
import { nextTask } from '../lib/nextTask';
import { ApiError, ContractError, NetworkError, parseErrorBody, parseRetryAfter } from './errors';

/**
 * The one door to the network. Every area module calls `request` with a zod schema; nothing else
 * calls fetch. The base path is same-origin `/api`: the demo worker answers it in demo mode, Seller Desk's
 * server forwards it to the marketplace in live mode (adding the seller's token, which the browser never
 * holds). Paths of that server itself (`/session`, `/auth/…`) are asked for with `server: true`.
 */
export interface ClientConfig {
  baseUrl: string;
  getToken: () => string;
  /** Resolves when the backend can be reached (the demo worker has started); the first call may start it. */
  ready: () => Promise<unknown>;
  onUnauthorized?: (error: ApiError) => void;
  /** Whether requests carry the page's cookies: live mode's session is one, the demo API uses none. */
  credentials: RequestCredentials;
}

let config: ClientConfig = {
  baseUrl: '/api',
  getToken: () => '',
  ready: () => Promise.resolve(),
  credentials: 'same-origin',
};

export function configureClient(next: Partial<ClientConfig>): void {
  config = { ...config, ...next };
}

/** Resolves when the backend can be reached: for what reaches it other than by `request` (the event stream). */
export const backendReady = (): Promise<unknown> => config.ready();

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions<S extends z.ZodMiniType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON, or a Blob sent as its bytes (an uploaded file). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A path of Seller Desk's own server (same origin as the API base, outside it), not of the seller API. */
  server?: boolean;
  /**
   * Sent at once, not after the backend is ready: the session's own requests, since live mode's question who is
   * signed in is part of getting ready. Every other request waits, the server's activity paths too, which the
   * demo's simulator answers (sent before it ran, they reached the server, whose answer was the app's page).
   */
  beforeReady?: boolean;
  /** Schema of the response body; a 204 or empty body is parsed as `undefined`. */
  schema: S;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

function buildUrl(path: string, query: Record<string, QueryValue> = {}, server = false): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  const api = config.baseUrl.startsWith('http') ? config.baseUrl : new URL(config.baseUrl, location.origin).href;
  const base = server ? new URL(api).origin : api;
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/** The address of one of Seller Desk's own paths, for what is not fetched (the activity stream's EventSource). */
export function serverUrl(path: string, query?: Record<string, QueryValue>): string {
  return buildUrl(path, query, true);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const parsed = parseErrorBody(body);
  if (parsed) return new ApiError(parsed.status || response.status, parsed.error, parsed.message, parsed.cause, retryAfter);
  // Not the spec's error body (a proxy page, plain text): keep the status and whatever text came.
  const text = typeof body === 'string' ? body.slice(0, 200) : '';
  return new ApiError(response.status, `http_${response.status}`, text || response.statusText || `HTTP ${response.status}`, [], retryAfter);
}

/**
 * Starting a fetch takes the main thread about 0.2 ms at 1x CPU, and a list whose rows each read their own
 * resource (credit leads' items, fulfilled listings' stock) starts 20-50 in the same task: 6-10 ms at 1x, four
 * times that on a phone, all of it blocking. Past the first few of a task, each starts in a task of its own.
 */
const fetchesPerTask = 4;
let startedThisTask = 0;

async function fetchTurn(): Promise<void> {
  if (startedThisTask === 0) setTimeout(() => (startedThisTask = 0));
  startedThisTask += 1;
  if (startedThisTask > fetchesPerTask) await nextTask();
}

export async function request<S extends z.ZodMiniType>(path: string, options: RequestOptions<S>): Promise<ApiResponse<z.infer<S>>> {
  const { method = 'GET', query, body, signal, schema, server, beforeReady } = options;
  if (!beforeReady) await config.ready();
  const endpoint = `${method} ${path}`;
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  // A file (an upload) goes as its bytes; anything else as JSON.
  const file = body instanceof Blob ? body : undefined;
  if (body !== undefined) headers.set('Content-Type', file ? 'application/octet-stream' : 'application/json');
  // The server accepts writes only with this header, which a cross-site form cannot send (CSRF).
  headers.set('x-seller-desk', '1');
  const token = config.getToken();
  // A caller's own Authorization wins (the demo's simulated buyer asks with another user's token).
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  await fetchTurn();
  try {
    response = await fetch(buildUrl(path, query, server), {
      method,
      headers,
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
      credentials: config.credentials,
    });
  } catch (reason) {
    if (signal?.aborted) throw reason;
    throw new NetworkError(endpoint, reason);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response, payload);
    // The API's 401 means the seller must sign in; the server's own (a pasted token refused) is the caller's answer.
    if (error.status === 401 && !server) config.onUnauthorized?.(error);
    throw error;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ContractError(
      endpoint,
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return { data: parsed.data, status: response.status, headers: response.headers };
}

/** A file one of Seller Desk's own paths answers (a download), as a Blob. */
export async function requestFile(path: string, query: Record<string, QueryValue>): Promise<Blob> {
  await config.ready();
  const headers = new Headers({ 'x-seller-desk': '1' });
  const token = config.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query, true), { headers, credentials: config.credentials });
  } catch (reason) {
    throw new NetworkError(`GET ${path}`, reason);
  }
  if (!response.ok) throw toApiError(response, await readBody(response));
  return response.blob();
}

/** `request` for callers that need only the body. */
export async function requestData<S extends z.ZodMiniType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  return (await request(path, options)).data;
}
