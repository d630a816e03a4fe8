/**
 * Who may do what on a seller account: the roles a membership gives and the permissions each role holds.
 * Pure data and functions (no imports): the server enforces them at its doors, the in-browser simulator
 * emulates the server with them, and the pages read the same names to hide what a role cannot do.
 */

export const roles = ['owner', 'manager', 'answerer', 'stock_keeper', 'credit_reviewer', 'viewer'] as const;
export type Role = (typeof roles)[number];

/**
 * One name per thing a person may do on an account. Reads are split by area so that a role sees only the
 * activity, badges and cards of what it may read; `*.reveal` is personal data (the asker's contact on a
 * vehicle question, a credit lead's buyer), which leaves the server only on a recorded reveal.
 */
export const permissions = [
  'questions.read',
  'questions.write',
  'questions.reveal',
  'responseTime.read',
  'catalog.read',
  'stock.read',
  'stock.write',
  'fulfillment.read',
  'credits.read',
  'credits.review',
  'credits.reveal',
  'team.manage',
  'team.manageOwners',
  'audit.read',
  'account.settings',
  'account.disconnect',
] as const;
export type Permission = (typeof permissions)[number];

const reads: Permission[] = ['questions.read', 'responseTime.read', 'catalog.read', 'stock.read', 'fulfillment.read', 'credits.read'];

/** The table of roles ("Teams, part 2"), as permissions. Owner holds every one. */
const granted: Record<Role, readonly Permission[]> = {
  owner: permissions,
  manager: permissions.filter((p) => p !== 'team.manageOwners' && p !== 'account.disconnect'),
  // Stock read-only: an answer often depends on what is left (fulfillment included).
  answerer: ['questions.read', 'questions.write', 'responseTime.read', 'catalog.read', 'stock.read', 'fulfillment.read'],
  stock_keeper: ['stock.read', 'stock.write', 'fulfillment.read', 'catalog.read', 'questions.read'],
  credit_reviewer: ['credits.read', 'credits.review', 'credits.reveal', 'catalog.read'],
  viewer: reads,
};

export function permissionsOf(role: Role): readonly Permission[] {
  return granted[role];
}

export function can(role: Role, permission: Permission): boolean {
  return granted[role].includes(permission);
}

/** Checks a role read from a request or the store. @public */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}
