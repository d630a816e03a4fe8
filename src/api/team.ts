import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { z } from 'zod/mini';
import type { Role } from '../../core/roles.ts';
import './zodLocale';
import { requestData, type RequestOptions } from './client';
import { serverSessionSchema, type ServerSession } from './session';

/**
 * Seller Desk's own paths for people (docs/teams.md): the active account's team and its invitations, joining
 * through an invitation, and passkeys. Invitation secrets travel only in request bodies, never in a URL.
 */

function serverRequest<S extends z.ZodMiniType>(path: string, options: Omit<RequestOptions<S>, 'server'>): Promise<z.infer<S>> {
  return requestData(path, { ...options, server: true });
}

/** A role the server sends; a newer server's role is read as text, so it cannot fail the page. */
const roleSchema = z.string();
const methodSchema = z.enum(['marketplace', 'passkey']);
const isoTime = z.string();

const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  methods: z.array(methodSchema),
  role: roleSchema,
  /** The account's own marketplace user: always an owner. */
  accountUser: z.boolean(),
  lastActiveAt: z.nullable(isoTime),
  you: z.boolean(),
});
export type TeamPerson = z.infer<typeof personSchema>;

const invitationSchema = z.object({
  id: z.string(),
  kind: z.enum(['join', 'recovery']),
  role: roleSchema,
  person: z.nullable(z.object({ id: z.string(), name: z.string() })),
  createdBy: z.nullable(z.string()),
  createdAt: isoTime,
  expiresAt: isoTime,
});
export type Invitation = z.infer<typeof invitationSchema>;

const teamSchema = z.object({ people: z.array(personSchema), invitations: z.array(invitationSchema) });
export type Team = z.infer<typeof teamSchema>;

export function getTeam(signal?: AbortSignal): Promise<Team> {
  return serverRequest('/team', { schema: teamSchema, signal });
}

const createdInvitationSchema = z.object({
  invitation: invitationSchema,
  /** `/join#<secret>`, given once: the page makes it absolute to copy. */
  link: z.string().check(z.startsWith('/join#')),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export function createInvitation(role: Role): Promise<CreatedInvitation> {
  return serverRequest('/team/invitations', { method: 'POST', body: { role }, schema: createdInvitationSchema });
}

/** A recovery invitation: its link adds a passkey to the person who lost theirs. */
export function createRecoveryInvitation(personId: string): Promise<CreatedInvitation> {
  return serverRequest('/team/invitations/recovery', { method: 'POST', body: { personId }, schema: createdInvitationSchema });
}

export async function revokeInvitation(id: string): Promise<void> {
  await serverRequest(`/team/invitations/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.undefined() });
}

export function changeRole(personId: string, role: Role): Promise<Team> {
  return serverRequest(`/team/people/${encodeURIComponent(personId)}`, { method: 'PATCH', body: { role }, schema: teamSchema });
}

export function removePerson(personId: string): Promise<Team> {
  return serverRequest(`/team/people/${encodeURIComponent(personId)}`, { method: 'DELETE', schema: teamSchema });
}

// Joining: the page reads the secret from its address's fragment and posts it.

const lookupSchema = z.object({
  kind: z.enum(['join', 'recovery']),
  account: z.object({ nickname: z.string(), site_id: z.string() }),
  role: roleSchema,
  invitedBy: z.nullable(z.string()),
  expiresAt: isoTime,
  /** A recovery's person. */
  person: z.nullable(z.object({ name: z.string() })),
});
export type InvitationLookup = z.infer<typeof lookupSchema>;

/** The invitation's errors the join page explains: 404 `invitation_not_found`, 410 used, revoked or expired. */
export const invitationProblems = ['invitation_not_found', 'invitation_used', 'invitation_revoked', 'invitation_expired'] as const;
export type InvitationProblem = (typeof invitationProblems)[number];

export function lookUpInvitation(secret: string, signal?: AbortSignal): Promise<InvitationLookup> {
  return serverRequest('/invitations/lookup', { method: 'POST', body: { secret }, schema: lookupSchema, signal });
}

/** A signed-in person accepts as themselves: the account joins their accounts and becomes active. */
export function acceptInvitation(secret: string): Promise<ServerSession> {
  return serverRequest('/invitations/accept', { method: 'POST', body: { secret }, schema: serverSessionSchema });
}

/** Where "Sign in with the marketplace" goes to accept: the marketplace's page, navigated to in full. */
export async function invitationMarketplaceLocation(secret: string, name: string): Promise<string> {
  const { location } = await serverRequest('/invitations/marketplace', {
    method: 'POST',
    body: { secret, name },
    schema: z.object({ location: z.string() }),
  });
  return location;
}

// Passkeys. The options are @simplewebauthn/server's; @simplewebauthn/browser checks them in full, so only
// their shape's key is checked here. The browser library loads only when a ceremony starts.

const hasChallenge = (value: unknown) =>
  typeof value === 'object' && value !== null && 'challenge' in value && typeof value.challenge === 'string';
const creationOptions = z.object({
  challengeId: z.string(),
  options: z.custom<PublicKeyCredentialCreationOptionsJSON>(hasChallenge),
});
const requestOptions = z.object({
  challengeId: z.string(),
  options: z.custom<PublicKeyCredentialRequestOptionsJSON>(hasChallenge),
});

async function createCredential(path: string, body: object): Promise<{ challengeId: string; response: RegistrationResponseJSON }> {
  const { challengeId, options } = await serverRequest(path, { method: 'POST', body, schema: creationOptions });
  const { startRegistration } = await import('@simplewebauthn/browser');
  return { challengeId, response: await startRegistration({ optionsJSON: options }) };
}

async function assertCredential(path: string): Promise<{ challengeId: string; response: AuthenticationResponseJSON }> {
  const { challengeId, options } = await serverRequest(path, { method: 'POST', body: {}, schema: requestOptions });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return { challengeId, response: await startAuthentication({ optionsJSON: options }) };
}

/** "Sign in with a passkey": the browser offers the person's passkeys for this site; a new session begins. */
export async function signInWithPasskey(): Promise<ServerSession> {
  const { challengeId, response } = await assertCredential('/auth/passkey/options');
  return serverRequest('/auth/passkey/verify', {
    method: 'POST',
    body: { challengeId, response },
    schema: serverSessionSchema,
  });
}

/** Joins through the invitation with a new passkey (or, for a recovery, adds one to its person) and signs in. */
export async function joinWithPasskey(secret: string, name: string): Promise<ServerSession> {
  const { challengeId, response } = await createCredential('/invitations/passkey/options', { secret, name });
  return serverRequest('/invitations/passkey/verify', {
    method: 'POST',
    body: { challengeId, secret, response },
    schema: serverSessionSchema,
  });
}

const passkeysSchema = z.object({
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: isoTime, lastUsedAt: z.nullable(isoTime) })),
});
export type Passkeys = z.infer<typeof passkeysSchema>['passkeys'];

export async function getPasskeys(signal?: AbortSignal): Promise<Passkeys> {
  return (await serverRequest('/me/passkeys', { schema: passkeysSchema, signal })).passkeys;
}

export async function addPasskey(name: string): Promise<Passkeys> {
  const { challengeId, response } = await createCredential('/me/passkeys/options', {});
  return (await serverRequest('/me/passkeys/verify', { method: 'POST', body: { challengeId, response, name }, schema: passkeysSchema }))
    .passkeys;
}

export async function renamePasskey(id: string, name: string): Promise<Passkeys> {
  return (await serverRequest(`/me/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name }, schema: passkeysSchema }))
    .passkeys;
}

export async function removePasskey(id: string): Promise<Passkeys> {
  return (await serverRequest(`/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: passkeysSchema })).passkeys;
}

const signInsSchema = z.object({
  /** Read as text: a newer server's way of signing in shows as it came instead of failing the list. */
  signIns: z.array(z.object({ method: z.string(), at: isoTime })),
});
export type SignIns = z.infer<typeof signInsSchema>['signIns'];

/** GET /me/sign-ins: the person's own latest sign-ins, newest first (docs/roles.md; in no account's trail). */
export async function getSignIns(signal?: AbortSignal): Promise<SignIns> {
  return (await serverRequest('/me/sign-ins', { schema: signInsSchema, signal })).signIns;
}
