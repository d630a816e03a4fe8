import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findContactData } from '../../core/contactGuard.ts';
import { isNavigation, type Door } from './door.ts';
import type { SessionCookies } from './session.ts';
import { auditActions, type AuditAction, type NewAuditEntry } from './store/audit.ts';
import type { Store } from './store/store.ts';
import type { Invitation } from './store/team.ts';

const signedOut = { error: 'signed_out', message: 'Sign in to continue' };

/** A day (`2026-12-04`, the whole day) or a moment (ISO 8601 with an offset). */
const day = /^\d{4}-\d{2}-\d{2}$/;
const moment = z.union([z.string().regex(day), z.iso.datetime({ offset: true })]);
const listQuery = z.object({
  person: z.string().min(1).max(100).optional(),
  action: z.enum(auditActions).optional(),
  from: moment.optional(),
  to: moment.optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `from` at the start of its day, `to` at the end of its (a range of days includes both); a moment as it is. */
const start = (value: string) => new Date(day.test(value) ? `${value}T00:00:00Z` : value);
const end = (value: string) => (day.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + 24 * 3600_000) : new Date(value));

/** `GET /audit` (the account's trail: owners and managers, checked by the door) and `GET /me/sign-ins`. */
export function registerAudit(app: FastifyInstance, deps: { store: Store; door: Door; cookies: SessionCookies }) {
  const { store, door, cookies } = deps;

  app.get('/audit', async (request, reply) => {
    if (isNavigation(request)) return reply.callNotFound();
    const { account } = door.served(request);
    const query = listQuery.safeParse(request.query);
    if (!query.success)
      return reply
        .code(400)
        .send({ error: 'bad_request', message: 'person, action, from, to (a day or a moment), before or limit (1-200) is not valid' });
    const { from, to, ...rest } = query.data;
    return store.audit.entries(account.id, {
      ...rest,
      from: from === undefined ? undefined : start(from),
      to: to === undefined ? undefined : end(to),
    });
  });

  app.get('/me/sign-ins', async (request, reply) => {
    const session = await cookies.read(request);
    if (!session) return reply.code(401).send(signedOut);
    return { signIns: await store.audit.signIns(session.person.id) };
  });
}

/** An invitation used by `personId` (joined a team, or a recovery's new passkey): in its account's trail. */
export function invitationAccepted(store: Store, request: FastifyRequest, invitation: Invitation, personId: string) {
  return store.audit.record({
    accountId: invitation.accountId,
    personId,
    action: 'invitation.accept',
    target: { type: 'invitation', id: invitation.id },
    details: { kind: invitation.kind, role: invitation.role },
    requestId: request.id,
    phase: 'event',
  });
}

/** What the trail says of a write through the API door, before it goes upstream. */
export type AuditedWrite = Pick<NewAuditEntry, 'action' | 'target'> & { details: NonNullable<NewAuditEntry['details']> };

const answerBody = z.object({ question_id: z.union([z.number(), z.string()]), text: z.string() });
const hideBody = z.object({ question_ids: z.array(z.union([z.number(), z.string()])).min(1) });
const stockBody = z.object({ quantity: z.number() });

function parsed<T>(schema: z.ZodType<T>, body: unknown): T | undefined {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    return schema.safeParse(JSON.parse(body.toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

/**
 * The door's writes that the trail records (docs/roles.md): an answer (its length, never its text, and whether
 * it carries what the contact-data guard finds, so it was sent past the guard), a question's delete or hide, a
 * stock write (location, the quantity written and the version; the quantity before is read by the door).
 * Undefined for any other request.
 */
export function auditedWrite(
  method: string,
  path: string,
  body: unknown,
  siteId: string,
  version: string | undefined,
): AuditedWrite | undefined {
  const action = (name: AuditAction, target: AuditedWrite['target'], details: AuditedWrite['details'] = {}) => ({
    action: name,
    target,
    details,
  });
  if (method === 'POST' && path === '/answers') {
    const answer = parsed(answerBody, body);
    if (!answer) return action('answer', null);
    const guardOverride = findContactData(answer.text, siteId).length > 0;
    return action(
      'answer',
      { type: 'question', id: String(answer.question_id) },
      { length: answer.text.length, ...(guardOverride && { guardOverride }) },
    );
  }
  const deleted = method === 'DELETE' ? /^\/questions\/([^/]+)$/.exec(path) : null;
  if (deleted) return action('question.delete', { type: 'question', id: deleted[1]! });
  if (method === 'POST' && path === '/my/questions/hidden') {
    const ids = parsed(hideBody, body)?.question_ids.map(String) ?? [];
    return action('question.hide', ids.length === 1 ? { type: 'question', id: ids[0]! } : null, { questionIds: ids });
  }
  const stock = method === 'PUT' ? /^\/user-products\/([^/]+)\/stock\/type\/([^/]+)$/.exec(path) : null;
  if (stock) {
    const after = parsed(stockBody, body)?.quantity ?? null;
    const written = version !== undefined && /^\d+$/.test(version) ? Number(version) : null;
    return action('stock.write', { type: 'user_product', id: stock[1]! }, { location: stock[2]!, before: null, after, version: written });
  }
  return undefined;
}
