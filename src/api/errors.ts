/** The spec's error body: message, error code, status and cause. */
export interface ErrorBody {
  message: string;
  error: string;
  status: number;
  cause: unknown[];
}

/**
 * Reads the spec's error body, or null when the body is something else (checked by hand: zod stays out
 * of the first-paint bundle, which needs only this).
 */
export function parseErrorBody(body: unknown): ErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, error, status, cause } = body as Record<string, unknown>;
  if (typeof message !== 'string' || typeof error !== 'string') return null;
  return {
    message,
    error,
    status: typeof status === 'number' ? status : 0,
    cause: Array.isArray(cause) ? cause : [],
  };
}

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The spec's error code (e.g. `not_found`, `validation_error`); `http_<status>` when the body had none. */
    readonly error: string,
    message: string,
    readonly cause: unknown[] = [],
    /** Seconds to wait before retrying, from Retry-After. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** No response came: offline, DNS, connection refused. Aborts are not NetworkErrors. */
export class NetworkError extends Error {
  readonly name = 'NetworkError';
  constructor(
    readonly endpoint: string,
    readonly reason: unknown,
  ) {
    super(`No response from ${endpoint}`);
  }
}

/** A response did not match the schema the client expects. */
export class ContractError extends Error {
  readonly name = 'ContractError';
  constructor(
    readonly endpoint: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(`Unexpected response from ${endpoint}: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * Whether react-query should try again by itself: network failures, 429 and 5xx only, and not when the
 * server asks to wait over 30 s (the page shows the error, the wait and Retry instead of loading that long).
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (error.status === 429 || error.status >= 500) && (error.retryAfter ?? 0) <= 30;
}

/** Parses Retry-After (seconds or an HTTP date) into seconds. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
