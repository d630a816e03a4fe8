import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { roles, type Role } from '../../core/roles.ts';
import {
  displayName,
  invitationRefusal,
  invitationState,
  mayGrant,
  recoveryOnly,
  refuseRemoval,
  refuseRoleChange,
  teamRefusals,
  type TeamRefusal,
} from '../../core/team.ts';
import { oauthNotConfigured, rateLimited, type StartSignIn } from './auth.ts';
import type { Config } from './config.ts';
import { invitationAccepted } from './audit.ts';
import { isNavigation, type Door, type Served } from './door.ts';
import type { AuditAction, NewAuditEntry } from './store/audit.ts';
import type { Marketplace } from './marketplace.ts';
import { sameOriginWrite, type SessionCookies } from './session.ts';
import type { Store } from './store/store.ts';
import type { Invitation, TeamMember } from './store/team.ts';

export const signedOut = { error: 'signed_out', message: 'Sign in to continue' };
/** A refusal of core/team.ts's rules, as the browser's API says it. */
export function sendRefusal(reply: FastifyReply, refusal: TeamRefusal) {
  const { status, ...body } = teamRefusals[refusal];
  return reply.code(status).send(body);
}

export const secretBody = z.object({ secret: z.string().min(1).max(200) });

/**
 * The invitation a secret names while it can still be used, or the refusal to send: 404 for an unknown
 * secret, 410 for one used, revoked or expired (core/team.ts's invitationState).
 */
export async function usableInvitation(
  store: Store,
  secret: string,
): Promise<{ invitation: Invitation } | { status: 404 | 410; body: { error: string; message: string } }> {
  const invitation = await store.team.invitationBySecret(secret);
  return invitationRefusal(invitation && invitationState(invitation, new Date())) ?? { invitation: invitation! };
}

const invitationJson = (invitation: Invitation) => ({
  id: invitation.id,
  kind: invitation.kind,
  role: invitation.role,
  person: invitation.person,
  createdBy: invitation.createdBy,
  createdAt: invitation.createdAt.toISOString(),
  expiresAt: invitation.expiresAt.toISOString(),
});

const roleBody = z.object({ role: z.enum(roles) });
const recoveryBody = z.object({ personId: z.string().min(1).max(100) });
/** The `name` of a body, as core/team.ts's displayName takes it (1 to 60 characters, trimmed). */
export const nameOf = (body: unknown) => displayName(z.object({ name: z.unknown() }).safeParse(body).data?.name);

/** The actor's role on a team as it is now (locked), for core/team.ts's rules. */
const roleIn = (team: TeamMember[], personId: string): Role | undefined => team.find((m) => m.personId === personId)?.role;

/**
 * Settings → Team (`/team/*`, owners and managers of the account the request is for: the door checked it) and
 * the invitee's side of an invitation (`/invitations/*`; the passkey ceremonies are in passkeys.ts). The rules
 * are core/team.ts's.
 */
export function registerTeam(
  app: FastifyInstance,
  deps: { config: Config; store: Store; marketplace: Marketplace; cookies: SessionCookies; door: Door; startSignIn: StartSignIn },
) {
  const { config, store, marketplace, cookies, door, startSignIn } = deps;
  const csrf = sameOriginWrite(config);

  /** A change to the team, in the account's audit trail. */
  const recorded = (
    request: FastifyRequest,
    { session, account }: Served,
    action: AuditAction,
    target: NewAuditEntry['target'],
    details = {},
  ) =>
    store.audit.record({
      accountId: account.id,
      personId: session.person.id,
      action,
      target,
      details,
      requestId: request.id,
      phase: 'event',
    });

  async function team(accountId: string, me: string) {
    const [people, invitations] = await Promise.all([store.team.members(accountId), store.team.pendingInvitations(accountId)]);
    return {
      people: people.map((p) => ({
        id: p.personId,
        name: p.name,
        methods: p.methods,
        role: p.role,
        accountUser: p.accountUser,
        lastActiveAt: p.lastActiveAt?.toISOString() ?? null,
        you: p.personId === me,
      })),
      invitations: invitations.map(invitationJson),
    };
  }

  /** Makes a join or recovery invitation, recorded in the trail; the answer's link carries its secret. */
  async function invite(
    request: FastifyRequest,
    managing: Served,
    { kind, role, personId }: { kind: 'join' | 'recovery'; role: Role; personId: string | null },
  ) {
    const { invitation, secret } = await store.team.createInvitation({
      kind,
      accountId: managing.account.id,
      role,
      personId,
      createdBy: managing.session.person.id,
    });
    await recorded(request, managing, 'invitation.create', { type: 'invitation', id: invitation.id }, { kind, role });
    // The secret goes back once, in the body, as the fragment of a link: never in a URL the server sees.
    return { invitation: invitationJson(invitation), link: `/join#${secret}` };
  }

  app.get('/team', async (request, reply) => {
    if (isNavigation(request)) return reply.callNotFound();
    const managing = door.served(request);
    return team(managing.account.id, managing.session.person.id);
  });

  app.post('/team/invitations', { preHandler: csrf }, async (request, reply) => {
    const managing = door.served(request);
    const body = roleBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: `Send {"role": …} (${roles.join(', ')})` });
    if (!mayGrant(managing.account.role, body.data.role)) return sendRefusal(reply, 'not_allowed');
    return reply.code(201).send(await invite(request, managing, { kind: 'join', role: body.data.role, personId: null }));
  });

  // A lost passkey: the person gets a link that adds a new one to them (who may manage them may send it).
  app.post('/team/invitations/recovery', { preHandler: csrf }, async (request, reply) => {
    const managing = door.served(request);
    const body = recoveryBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: 'Send {"personId": "…"}' });
    const target = (await store.team.members(managing.account.id)).find((m) => m.personId === body.data.personId);
    if (!target) return sendRefusal(reply, 'not_member');
    if (!mayGrant(managing.account.role, target.role)) return sendRefusal(reply, 'not_allowed');
    return reply.code(201).send(await invite(request, managing, { kind: 'recovery', role: target.role, personId: target.personId }));
  });

  app.delete<{ Params: { id: string } }>('/team/invitations/:id', { preHandler: csrf }, async (request, reply) => {
    const managing = door.served(request);
    const outcome = await store.team.revokeInvitation(managing.account.id, request.params.id, (invitation) =>
      mayGrant(managing.account.role, invitation.role),
    );
    if (outcome === 'not_found') return reply.code(404).send({ error: 'not_found', message: 'No such pending invitation' });
    if (outcome === 'forbidden') return sendRefusal(reply, 'not_allowed');
    await recorded(request, managing, 'invitation.revoke', { type: 'invitation', id: request.params.id });
    return reply.code(204).send();
  });

  app.patch<{ Params: { id: string } }>('/team/people/:id', { preHandler: csrf }, async (request, reply) => {
    const managing = door.served(request);
    const body = roleBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: `Send {"role": …} (${roles.join(', ')})` });
    const me = managing.session.person.id;
    const target = request.params.id;
    const refusal = await store.team.changeRole(managing.account.id, target, body.data.role, (members) => {
      const actor = roleIn(members, me);
      return actor ? refuseRoleChange(members, actor, target, body.data.role) : 'not_allowed';
    });
    if (refusal) return sendRefusal(reply, refusal);
    await recorded(request, managing, 'role.change', { type: 'person', id: target }, { role: body.data.role });
    return team(managing.account.id, me);
  });

  // The person loses the account on their next request, and their streams of it end at once (the store
  // publishes their sessions, which fall back to another of their accounts).
  app.delete<{ Params: { id: string } }>('/team/people/:id', { preHandler: csrf }, async (request, reply) => {
    const managing = door.served(request);
    const me = managing.session.person.id;
    const target = request.params.id;
    const refusal = await store.team.removeMember(managing.account.id, target, (members) => {
      const actor = roleIn(members, me);
      return actor ? refuseRemoval(members, me, actor, target) : 'not_allowed';
    });
    if (refusal) return sendRefusal(reply, refusal);
    await recorded(request, managing, 'person.remove', { type: 'person', id: target });
    return team(managing.account.id, me);
  });

  // The invitee's side: the secret travels in POST bodies only (the request log keeps method and path).
  app.post('/invitations/lookup', { config: rateLimited, preHandler: csrf }, async (request, reply) => {
    const body = secretBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: 'Send {"secret": "…"}' });
    const found = await usableInvitation(store, body.data.secret);
    if (!('invitation' in found)) return reply.code(found.status).send(found.body);
    const { invitation } = found;
    return {
      kind: invitation.kind,
      account: { nickname: invitation.account.nickname, site_id: invitation.account.siteId },
      role: invitation.role,
      invitedBy: invitation.createdBy,
      expiresAt: invitation.expiresAt.toISOString(),
      person: invitation.person && { name: invitation.person.name },
    };
  });

  app.post('/invitations/accept', { config: rateLimited, preHandler: csrf }, async (request, reply) => {
    const session = await cookies.read(request);
    if (!session) return reply.code(401).send(signedOut);
    const body = secretBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'bad_request', message: 'Send {"secret": "…"}' });
    const found = await usableInvitation(store, body.data.secret);
    if (!('invitation' in found)) return reply.code(found.status).send(found.body);
    if (found.invitation.kind !== 'join') return reply.code(400).send(recoveryOnly);
    const joined = await store.team.acceptInvitation(found.invitation.id, session.person.id);
    // Used in the meantime (by a second tab, on another instance): said as a fresh look-up would.
    if (!joined) return reply.code(410).send({ error: 'invitation_used', message: 'This invitation was already used' });
    await invitationAccepted(store, request, found.invitation, session.person.id);
    await store.activate(session.key, joined);
    return cookies.describeKey(session.key);
  });

  // Accepting by signing in with the marketplace: back at /auth/callback the invitee's person is found (by
  // marketplace user) or made with `name`, and joins; none of their seller accounts is connected.
  app.post('/invitations/marketplace', { config: rateLimited, preHandler: csrf }, async (request, reply) => {
    if (!marketplace.hasOAuth) return reply.code(404).send(oauthNotConfigured);
    const body = secretBody.safeParse(request.body);
    const name = nameOf(request.body);
    if (!body.success || name === undefined)
      return reply.code(400).send({ error: 'bad_request', message: 'Send {"secret": "…", "name": "…"} (a name of 1 to 60 characters)' });
    const found = await usableInvitation(store, body.data.secret);
    if (!('invitation' in found)) return reply.code(found.status).send(found.body);
    if (found.invitation.kind !== 'join') return reply.code(400).send(recoveryOnly);
    const location = await startSignIn(reply, { returnTo: '/', sessionKey: null, invitation: { id: found.invitation.id, name } });
    return { location };
  });
}
