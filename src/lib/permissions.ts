import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { can, isRole, permissions as allPermissions, type Permission, type Role } from '../../core/roles.ts';
import { useSession, type Session } from './session';
import { useLingui } from '@lingui/react/macro';

/**
 * What the signed-in person may do on the active account, as the server said (`GET /session`'s `permissions`,
 * docs/roles.md). The pages only hide or disable what the server would refuse, and say why; the server decides.
 * A session without `permissions` (demo mode before it emulates roles, an older server) is the owner's.
 */
export interface Grants {
  /** The person's role on the active account; null when the session does not say. */
  role: Role | null;
  can: (permission: Permission) => boolean;
}

const known = new Set<string>(allPermissions);

function grantsOf(session: Session): Grants {
  const server = session.server;
  const listed = server?.permissions;
  if (!listed) return { role: null, can: () => true };
  const granted = new Set(listed.filter((name) => known.has(name)));
  const role = server.accounts.find((account) => account.active)?.role;
  return { role: isRole(role) ? role : null, can: (permission) => granted.has(permission) };
}

export function useGrants(): Grants {
  return grantsOf(useSession());
}

/** What a role may do on another of the person's accounts (the queue's "All my accounts"), as core/roles.ts says. */
export const grantsOfRole = (role: Role): Grants => ({ role, can: (permission) => can(role, permission) });

/** Each role's name on screen (the account menu, the team, refusals). */
export const roleNames: Record<Role, MessageDescriptor> = {
  owner: msg`Owner`,
  manager: msg`Manager`,
  answerer: msg`Answerer`,
  stock_keeper: msg`Stock keeper`,
  credit_reviewer: msg`Credit reviewer`,
  viewer: msg`Viewer`,
};

/** What a permission lets a person do, as the end of "Your role, Answerer, does not include …". */
const permissionNames: Record<Permission, MessageDescriptor> = {
  'questions.read': msg`questions`,
  'questions.write': msg`answering, deleting or hiding questions`,
  'questions.reveal': msg`buyers’ contact data`,
  'responseTime.read': msg`response time`,
  'catalog.read': msg`the catalog and categories`,
  'stock.read': msg`stock`,
  'stock.write': msg`stock changes`,
  'fulfillment.read': msg`fulfillment`,
  'credits.read': msg`credit leads`,
  'credits.review': msg`reviewing credit leads`,
  'credits.reveal': msg`buyers’ contact data`,
  'team.manage': msg`managing the team`,
  'team.manageOwners': msg`managing owners`,
  'audit.read': msg`the audit trail`,
  'account.settings': msg`the account’s shared settings`,
  'account.disconnect': msg`disconnecting the account`,
};

/**
 * Why the person cannot do something, where they would look for it ("Your role, Answerer, does not include
 * stock changes"); null when they can. On the active account, unless `of` gives another's grants.
 */
export function useDenial(permission: Permission, of?: Grants): string | null {
  const { t, i18n } = useLingui();
  const active = useGrants();
  const grants = of ?? active;
  if (grants.can(permission)) return null;
  const what = i18n._(permissionNames[permission]);
  if (grants.role === null) return t`Your role does not include ${what}.`;
  const role = i18n._(roleNames[grants.role]);
  return t`Your role, ${role}, does not include ${what}.`;
}

/** What each area of the app needs to be opened, its navigation entry shown and its badge counted. */
export const areaReads = {
  questions: 'questions.read',
  responseTime: 'responseTime.read',
  stock: 'stock.read',
  categories: 'catalog.read',
  fulfillment: 'fulfillment.read',
  credits: 'credits.read',
  audit: 'audit.read',
} as const satisfies Record<string, Permission>;
