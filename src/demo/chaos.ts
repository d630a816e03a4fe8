import { delay, HttpResponse } from 'msw';
import type { Db } from './db';
import { createRandom } from './db/random';

/**
 * Failure injection for demos and the e2e chaos walk (`?fail=0.2&chaos=7`): a share (`failRate`) of the
 * requests to the API and to the server's activity fails. Without a chaos seed each of them is a 500, as the
 * demo always did; with one, it is one of five kinds, and which request fails and how is a function of the
 * seed, the request's method and path and how many times that request was made before, so a run replays
 * whatever order parallel requests arrive in (a shared random stream would not). The simulator's own
 * `/__demo/*` paths and the page's files are never failed. Every request that could fail is counted, and
 * every write that reached a handler (and whether it was applied), so a test can check over HTTP that
 * nothing was written twice (`GET /__demo/traffic`).
 */
const chaosKinds = ['server_error', 'rate_limited', 'malformed', 'dropped', 'slow'] as const;
type ChaosKind = (typeof chaosKinds)[number];

const slowMs = 2000;

interface WriteCount {
  /** Requests that reached the handler (not stopped by an injected failure before it). */
  received: number;
  /** Of those, answered with a 2xx: the db changed. */
  applied: number;
}

export interface Traffic {
  requests: number;
  injected: Record<ChaosKind, number>;
  /** Each failure injected, in order: "dropped POST /answers #1" (kind, request, how many times it was made). */
  log: string[];
  /** Per "METHOD /path" of a POST, PUT or DELETE. */
  writes: Record<string, WriteCount>;
}

export function emptyTraffic(): Traffic {
  return { requests: 0, injected: { server_error: 0, rate_limited: 0, malformed: 0, dropped: 0, slow: 0 }, log: [], writes: {} };
}

/** FNV-1a: a well-spread 32-bit seed from a string. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return value >>> 0;
}

interface Decision {
  kind: ChaosKind;
  /** How it reads in the traffic's log. */
  label: string;
  /** For `dropped`: the connection fails after the handler ran (a write's outcome is then unknown). */
  afterHandler: boolean;
  retryAfter: number;
}

function decide(db: Db, occurrences: Map<string, number>, key: string, isWrite: boolean): Decision | null {
  const { failRate, chaosSeed, writeFailures } = db.config;
  if (isWrite && writeFailures) return decideWrite(writeFailures, occurrences, key);
  if (failRate <= 0) return null;
  if (chaosSeed === null)
    return db.random.chance(failRate) ? { kind: 'server_error', label: `server_error ${key}`, afterHandler: false, retryAfter: 0 } : null;
  const nth = (occurrences.get(key) ?? 0) + 1;
  occurrences.set(key, nth);
  const random = createRandom(hash(`${chaosSeed} ${key} ${nth}`));
  if (!random.chance(failRate)) return null;
  const kind = random.pick(chaosKinds);
  const afterHandler = random.chance(0.5);
  const when = kind === 'dropped' ? (afterHandler ? ' after the handler' : ' before the handler') : '';
  // Only a dropped connection comes after the handler here: the chaos walk's 500s never apply the write.
  return { kind, label: `${kind}${when}: ${key} #${nth}`, afterHandler: kind === 'dropped' && afterHandler, retryAfter: random.int(1, 3) };
}

/** A write's injected 429 or 500 (db.config.writeFailures), a function of the write and how many times it was made. */
function decideWrite(shares: { rateLimited: number; serverError: number }, occurrences: Map<string, number>, key: string): Decision | null {
  const nth = (occurrences.get(key) ?? 0) + 1;
  occurrences.set(key, nth);
  const random = createRandom(hash(`writes ${key} ${nth}`));
  const roll = random.int(0, 9999) / 10000;
  if (roll < shares.rateLimited) return { kind: 'rate_limited', label: `rate_limited: ${key} #${nth}`, afterHandler: false, retryAfter: 1 };
  if (roll >= shares.rateLimited + shares.serverError) return null;
  const afterHandler = random.chance(0.5);
  const when = afterHandler ? ' after the handler' : ' before the handler';
  return { kind: 'server_error', label: `server_error${when}: ${key} #${nth}`, afterHandler, retryAfter: 0 };
}

const failure = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  HttpResponse.json({ message, error, status, cause: [] }, { status, headers });

/** `answer` run through the chaos: `path` is the path the spec names (after /api for the API). */
export function createChaos(db: Db) {
  const occurrences = new Map<string, number>();

  function countFailure({ kind, label }: Decision) {
    db.traffic.injected[kind] += 1;
    db.traffic.log.push(label);
  }

  function countWrite(key: string, response: Response) {
    const count = (db.traffic.writes[key] ??= { received: 0, applied: 0 });
    count.received += 1;
    if (response.ok) count.applied += 1;
  }

  return async function withChaos(request: Request, path: string, answer: () => Promise<Response>): Promise<Response> {
    if (path.startsWith('/__demo/')) return answer();
    const key = `${request.method} ${path}`;
    const isWrite = request.method !== 'GET';
    db.traffic.requests += 1;
    const decision = decide(db, occurrences, key, isWrite);
    // A malformed body is counted once it replaces a 2xx (below).
    if (decision && decision.kind !== 'malformed') countFailure(decision);
    switch (decision?.kind) {
      case 'server_error':
        if (!decision.afterHandler) return failure(500, 'internal_error', 'Internal server error');
        break;
      case 'rate_limited':
        return failure(429, 'too_many_request', 'Too many requests, try again later', { 'Retry-After': String(decision.retryAfter) });
      case 'dropped':
        if (!decision.afterHandler) return HttpResponse.error();
        break;
      case 'slow':
        await delay(slowMs);
        break;
    }
    const response = await answer();
    if (isWrite) countWrite(key, response);
    if (decision?.kind === 'dropped') return HttpResponse.error();
    if (decision?.kind === 'server_error') return failure(500, 'internal_error', 'Internal server error');
    // A proxy's page instead of the API's JSON: only where the API would have answered 2xx.
    if (decision?.kind !== 'malformed' || !response.ok) return response;
    countFailure(decision);
    return new HttpResponse('<html><body>Bad gateway</body></html>', { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
