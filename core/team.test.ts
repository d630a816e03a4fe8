import { describe, expect, it } from 'vitest';
import { can, permissions, permissionsOf } from './roles.ts';
import {
  displayName,
  invitationRefusal,
  invitationState,
  mayGrant,
  mayRemovePasskey,
  refuseRemoval,
  refuseRoleChange,
  roleAfterJoining,
  type Member,
} from './team.ts';

const team: Member[] = [
  { personId: 'ana', role: 'owner', accountUser: true },
  { personId: 'bea', role: 'manager', accountUser: false },
  { personId: 'ciro', role: 'answerer', accountUser: false },
];

describe('roles', () => {
  it('gives owners every permission and the others only theirs', () => {
    expect(permissionsOf('owner')).toEqual(permissions);
    expect(can('manager', 'team.manageOwners')).toBe(false);
    expect(can('manager', 'account.disconnect')).toBe(false);
    expect(can('answerer', 'stock.write')).toBe(false);
    expect(can('answerer', 'questions.write')).toBe(true);
    expect(can('stock_keeper', 'stock.write')).toBe(true);
    expect(can('credit_reviewer', 'credits.reveal')).toBe(true);
    expect(can('credit_reviewer', 'questions.read')).toBe(false);
  });

  it('gives a viewer reads only, and no personal data', () => {
    const viewer = permissionsOf('viewer');
    expect(viewer.length).toBeGreaterThan(0);
    expect(viewer.every((p) => p.endsWith('.read') && p !== 'audit.read')).toBe(true);
  });
});

describe('team rules', () => {
  it('lets only owners make owners', () => {
    expect(mayGrant('owner', 'owner')).toBe(true);
    expect(mayGrant('manager', 'owner')).toBe(false);
    expect(mayGrant('manager', 'answerer')).toBe(true);
    expect(mayGrant('answerer', 'viewer')).toBe(false);
  });

  it('keeps the account user and the last owner owners', () => {
    expect(refuseRoleChange(team, 'owner', 'ana', 'manager')).toBe('account_user');
    const twoOwners: Member[] = [...team, { personId: 'dora', role: 'owner', accountUser: false }];
    expect(refuseRoleChange(twoOwners, 'owner', 'dora', 'viewer')).toBeNull();
    const noAccountUser: Member[] = [{ personId: 'dora', role: 'owner', accountUser: false }, ...team.slice(1)];
    expect(refuseRoleChange(noAccountUser, 'owner', 'dora', 'viewer')).toBe('last_owner');
    expect(refuseRemoval(noAccountUser, 'dora', 'owner', 'dora')).toBe('last_owner');
  });

  it('lets a manager manage non-owners only, and anyone leave', () => {
    expect(refuseRoleChange(team, 'manager', 'ciro', 'stock_keeper')).toBeNull();
    expect(refuseRoleChange(team, 'manager', 'ana', 'viewer')).toBe('not_allowed');
    expect(refuseRemoval(team, 'bea', 'manager', 'ana')).toBe('not_allowed');
    expect(refuseRemoval(team, 'bea', 'manager', 'ciro')).toBeNull();
    expect(refuseRemoval(team, 'ciro', 'answerer', 'bea')).toBe('not_allowed');
    expect(refuseRemoval(team, 'ciro', 'answerer', 'ciro')).toBeNull();
    expect(refuseRemoval(team, 'ana', 'owner', 'nobody')).toBe('not_member');
  });

  it('tells an invitation used, revoked, expired or valid', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    const later = new Date('2026-12-03T12:00:00Z');
    expect(invitationState({ expiresAt: later, usedAt: null, revokedAt: null }, now)).toBe('valid');
    expect(invitationState({ expiresAt: now, usedAt: null, revokedAt: null }, now)).toBe('expired');
    expect(invitationState({ expiresAt: later, usedAt: now, revokedAt: null }, now)).toBe('used');
    expect(invitationState({ expiresAt: later, usedAt: null, revokedAt: now }, now)).toBe('revoked');
  });

  it('says why a secret cannot be used: unknown 404, used, revoked or expired 410', () => {
    expect(invitationRefusal('valid')).toBeNull();
    expect(invitationRefusal(undefined)).toEqual({ status: 404, body: { error: 'invitation_not_found', message: 'No such invitation' } });
    expect(invitationRefusal('used')).toEqual({
      status: 410,
      body: { error: 'invitation_used', message: 'This invitation was already used' },
    });
    expect(invitationRefusal('expired')?.body.error).toBe('invitation_expired');
  });

  it('raises a role on a second invitation, never lowers it, and keeps the account user an owner', () => {
    expect(roleAfterJoining(undefined, 'answerer', false)).toBe('answerer');
    expect(roleAfterJoining('viewer', 'manager', false)).toBe('manager');
    expect(roleAfterJoining('manager', 'viewer', false)).toBe('manager');
    expect(roleAfterJoining('answerer', 'stock_keeper', false)).toBe('answerer');
    expect(roleAfterJoining(undefined, 'viewer', true)).toBe('owner');
  });

  it('takes a display name of 1 to 60 characters, trimmed', () => {
    expect(displayName('  Bea  ')).toBe('Bea');
    expect(displayName('   ')).toBeUndefined();
    expect(displayName('x'.repeat(60))).toHaveLength(60);
    expect(displayName('x'.repeat(61))).toBeUndefined();
    expect(displayName(42)).toBeUndefined();
  });

  it('never removes a person’s last way to sign in', () => {
    expect(mayRemovePasskey({ passkeys: 1, marketplace: false })).toBe(false);
    expect(mayRemovePasskey({ passkeys: 1, marketplace: true })).toBe(true);
    expect(mayRemovePasskey({ passkeys: 2, marketplace: false })).toBe(true);
  });
});
