import { can, type Role } from './roles.ts';

/**
 * The rules a team relies on, checked by the server for real and by the simulator in demo mode: who may invite
 * which role, change a role or remove a person, and whether an invitation can still be used.
 */

/** An invitation link works once, for this long, unless revoked first. */
export const invitationLifetimeMs = 7 * 24 * 3600_000;

export interface Member {
  personId: string;
  role: Role;
  /** This person is the account's own marketplace user: always an owner. */
  accountUser: boolean;
}

export type TeamRefusal =
  | 'not_allowed' // the actor's role does not manage this person or role
  | 'last_owner' // the account would be left without an owner
  | 'account_user' // the account's own marketplace user stays an owner
  | 'not_member';

/** Each refusal as the browser's API says it: the server and demo mode answer with the same status and body. */
export const teamRefusals: Record<TeamRefusal, { status: 403 | 404 | 409; error: string; message: string }> = {
  not_allowed: { status: 403, error: 'forbidden', message: 'Your role on this account does not allow this' },
  not_member: { status: 404, error: 'not_found', message: 'No such person on this account' },
  last_owner: { status: 409, error: 'last_owner', message: 'An account keeps at least one owner' },
  account_user: { status: 409, error: 'account_user', message: 'The account’s own marketplace user is always an owner' },
};

/** Whether `actor` may hand out `role` (an invitation) or give it to someone. Owners only make owners. */
export function mayGrant(actor: Role, role: Role): boolean {
  return role === 'owner' ? can(actor, 'team.manageOwners') : can(actor, 'team.manage');
}

/** Whether `actor` may act on someone who holds `role` (change it, remove them). */
function mayManage(actor: Role, target: Role): boolean {
  return mayGrant(actor, target);
}

function owners(members: readonly Member[]): number {
  return members.filter((m) => m.role === 'owner').length;
}

/** Refusal of changing `targetId`'s role to `role`, or null when allowed. */
export function refuseRoleChange(members: readonly Member[], actor: Role, targetId: string, role: Role): TeamRefusal | null {
  const target = members.find((m) => m.personId === targetId);
  if (!target) return 'not_member';
  if (!mayManage(actor, target.role) || !mayGrant(actor, role)) return 'not_allowed';
  if (target.role === 'owner' && role !== 'owner') {
    if (target.accountUser) return 'account_user';
    if (owners(members) <= 1) return 'last_owner';
  }
  return null;
}

/**
 * Refusal of removing `targetId` from the account, or null when allowed. Leaving (`actorId === targetId`)
 * needs no management permission, but the last owner and the account's own user cannot leave either.
 */
export function refuseRemoval(members: readonly Member[], actorId: string, actor: Role, targetId: string): TeamRefusal | null {
  const target = members.find((m) => m.personId === targetId);
  if (!target) return 'not_member';
  if (actorId !== targetId && !mayManage(actor, target.role)) return 'not_allowed';
  if (target.role === 'owner') {
    if (target.accountUser) return 'account_user';
    if (owners(members) <= 1) return 'last_owner';
  }
  return null;
}

export type InvitationState = 'valid' | 'used' | 'revoked' | 'expired';

export function invitationState(invitation: { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null }, now: Date): InvitationState {
  if (invitation.usedAt) return 'used';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

/**
 * Why an invitation's secret cannot be used, as the browser's API says it: 404 for a secret no invitation
 * has (`undefined`), 410 for one used, revoked or expired; null when it can be used.
 */
export function invitationRefusal(
  state: InvitationState | undefined,
): { status: 404 | 410; body: { error: string; message: string } } | null {
  if (state === undefined) return { status: 404, body: { error: 'invitation_not_found', message: 'No such invitation' } };
  if (state === 'valid') return null;
  return {
    status: 410,
    body: { error: `invitation_${state}`, message: `This invitation was ${state === 'used' ? 'already used' : state}` },
  };
}

/** Accepting a recovery invitation as oneself: its link adds a passkey, so it is refused (400). */
export const recoveryOnly = {
  error: 'recovery_invitation',
  message: 'A recovery invitation adds a passkey to its person: create one with it',
};

/**
 * Roles ranked for accepting an invitation to an account one is already in. The three task roles rank
 * alike: an answerer invited as stock keeper keeps answering (one role per membership; a manager changes it).
 */
const rank: Record<Role, number> = { owner: 3, manager: 2, answerer: 1, stock_keeper: 1, credit_reviewer: 1, viewer: 0 };

/**
 * The role a person holds after accepting an invitation for `invited`: raised, never lowered; the account's
 * own marketplace user is an owner whatever the invitation says.
 */
export function roleAfterJoining(current: Role | undefined, invited: Role, accountUser: boolean): Role {
  if (accountUser) return 'owner';
  if (current === undefined) return invited;
  return rank[invited] > rank[current] ? invited : current;
}

/** A display name (a person's, a passkey's): trimmed, 1 to 60 characters. */
const nameMaxLength = 60;

export function displayName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim();
  return name.length >= 1 && name.length <= nameMaxLength ? name : undefined;
}

/** Removing a passkey the person may not remove (409). */
export const lastSignInMethod = {
  error: 'last_sign_in_method',
  message: 'This passkey is your only way to sign in: add another first',
};

/** Whether a person may remove one of their passkeys: never their last way to sign in. */
export function mayRemovePasskey(person: { passkeys: number; marketplace: boolean }): boolean {
  return person.passkeys > 1 || person.marketplace;
}
