import { http, HttpResponse, type HttpHandler } from 'msw';
import { isRole, permissionsOf, type Role } from '../../core/roles.ts';
import {
  displayName,
  invitationLifetimeMs,
  invitationRefusal,
  invitationState,
  lastSignInMethod,
  mayGrant,
  mayRemovePasskey,
  recoveryOnly,
  refuseRemoval,
  refuseRoleChange,
  roleAfterJoining,
  teamRefusals,
  type Member,
  type TeamRefusal,
} from '../../core/team.ts';
import { currentTime, type Db } from './db';
import type { SavedScenario } from './scenario';

/**
 * Demo mode's stand-in for the server's own people paths (docs/teams.md): the session with its person and role,
 * Settings → Team, invitations and the join page, the person's passkeys and sign-ins, signing out everywhere. Every decision
 * is core/team.ts's or core/roles.ts's, as the server's routes make it; this module only keeps the state the
 * server's store would, in memory, and answers with the server's shapes and refusals.
 */

type SignInMethod = 'marketplace' | 'passkey';

interface Person {
  id: string;
  name: string;
  methods: SignInMethod[];
  lastActiveAt: number | null;
}

interface Invitation {
  id: string;
  kind: 'join' | 'recovery';
  role: Role;
  personId: string | null;
  /** The name of who made it, as the server answers it. */
  createdBy: string | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
  secret: string;
}

interface Passkey {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface DemoTeam {
  people: Person[];
  members: Member[];
  invitations: Invitation[];
  /** The demo person's own passkeys. */
  passkeys: Passkey[];
  /** The demo person's own latest sign-ins, newest first (Settings; in no account's trail). */
  signIns: { method: SignInMethod; at: number }[];
  /** The role "See as" shows the app as (demo only); null: the person's own. */
  seeAs: Role | null;
}

/** The one person demo mode signs in: the seeded seller's own marketplace user, owner of its account. */
const ownerId = 'demo-owner';

/** The demo's signed-in person. */
export function me(team: DemoTeam): Person {
  return team.people.find((p) => p.id === ownerId)!;
}

/** What the team's changes leave in the account's audit trail, as the server records them (src/demo/door.ts keeps it). */
export type RecordTeamChange = (action: string, target: { type: string; id: string }, details?: Record<string, string>) => void;

const hour = 3_600_000;

/** A secret as the server makes one: 32 random bytes, base64url (43 characters). */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The team as the tab kept it (the app's guarded tab storage, as the scenario): the server's own state outlives a
 * reload, as a server's would, so a copied invitation link opens in the same tab and "See as" holds for a page
 * opened by its address. The marketplace's data is seeded afresh on each load. Null when nothing usable is kept.
 */
function restore(kept: string | null): DemoTeam | null {
  try {
    const team = JSON.parse(kept ?? 'null') as DemoTeam | null;
    const lists = team && [team.people, team.members, team.invitations, team.passkeys, team.signIns];
    if (!team || !lists?.every(Array.isArray) || !(team.seeAs === null || isRole(team.seeAs))) return null;
    return team.members.every((m) => isRole(m.role) && team.people.some((p) => p.id === m.personId)) ? team : null;
  } catch {
    return null;
  }
}

/**
 * The team kept for the tab, else the seeded team of four on the demo seller's account (the owner, who signs in,
 * then a manager, an answerer and a credit reviewer) and two pending invitations, one a few hours from expiry.
 */
export function createDemoTeam(db: Db, kept?: SavedScenario): DemoTeam {
  return restore(kept?.read() ?? null) ?? seededTeam(db);
}

function seededTeam(db: Db): DemoTeam {
  const now = currentTime(db);
  const person = (id: string, name: string, methods: SignInMethod[], hoursAgo: number): Person => ({
    id,
    name,
    methods,
    lastActiveAt: now - hoursAgo * hour,
  });
  // The owner's person is named as a marketplace sign-in names a new person: by the seller's nickname.
  const owner = person(ownerId, db.seller.nickname, ['marketplace', 'passkey'], 0);
  const people = [
    owner,
    person('demo-manager', 'Lucía Gómez', ['passkey'], 3),
    person('demo-answerer', 'Martín Ruiz', ['passkey'], 26),
    person('demo-credit-reviewer', 'João Pereira', ['marketplace'], 50),
  ];
  const roleOf: Record<string, Role> = {
    [ownerId]: 'owner',
    'demo-manager': 'manager',
    'demo-answerer': 'answerer',
    'demo-credit-reviewer': 'credit_reviewer',
  };
  const invitation = (id: string, role: Role, createdBy: string, hoursAgo: number): Invitation => ({
    id,
    kind: 'join',
    role,
    personId: null,
    createdBy,
    createdAt: now - hoursAgo * hour,
    expiresAt: now - hoursAgo * hour + invitationLifetimeMs,
    usedAt: null,
    revokedAt: null,
    secret: newSecret(),
  });
  return {
    people,
    members: people.map((p) => ({ personId: p.id, role: roleOf[p.id]!, accountUser: p === owner })),
    invitations: [
      invitation('demo-invitation-1', 'stock_keeper', 'Lucía Gómez', 7 * 24 - 5),
      invitation('demo-invitation-2', 'viewer', owner.name, 20),
    ],
    passkeys: [
      { id: 'demo-passkey-1', name: 'Laptop', createdAt: now - 40 * 24 * hour, lastUsedAt: now - 2 * hour },
      { id: 'demo-passkey-2', name: 'Phone', createdAt: now - 12 * 24 * hour, lastUsedAt: null },
    ],
    // The demo opening is a sign-in with the marketplace, as the seller's would be.
    signIns: [
      { method: 'marketplace', at: now },
      { method: 'passkey', at: now - 2 * hour },
      { method: 'marketplace', at: now - 3 * 24 * hour },
    ],
    seeAs: null,
  };
}

/** The role the demo's door decides by: the one seen as, or the person's own on the account. */
export function actingRole(team: DemoTeam): Role {
  return team.seeAs ?? team.members.find((m) => m.personId === ownerId)?.role ?? 'viewer';
}

const iso = (time: number) => new Date(time).toISOString();
const refuse = (refusal: TeamRefusal) => {
  const { status, ...body } = teamRefusals[refusal];
  return HttpResponse.json(body, { status });
};
const badRequest = (message: string) => HttpResponse.json({ error: 'bad_request', message }, { status: 400 });
const roleMessage = 'Send {"role": …} (owner, manager, answerer, stock_keeper, credit_reviewer, viewer)';
/**
 * A passkey is made by the visitor's device for a real server's domain, and verified there: the in-browser
 * simulator has neither, so demo mode lists seeded passkeys (renamed and removed as live) and says so here,
 * where a ceremony would start, rather than faking one.
 */
const noPasskeyInDemo = () =>
  HttpResponse.json({ error: 'not_in_demo', message: 'Demo mode cannot create passkeys: try it on a Seller Desk server' }, { status: 501 });

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/** The server's people paths over `team`; every change is kept for the tab (`kept`) and recorded in the trail. */
export function teamHandlers(db: Db, team: DemoTeam, record: RecordTeamChange, kept?: SavedScenario): HttpHandler[] {
  const now = () => currentTime(db);
  const accountId = String(db.seller.id);
  const personOf = (id: string) => team.people.find((p) => p.id === id);
  // Who asks is active now: the team page shows it (it said "Never" for the owner in use).
  const touch = () => {
    me(team).lastActiveAt = now();
    save();
  };
  const save = () => kept?.write(JSON.stringify(team));

  const session = () => {
    const role = actingRole(team);
    return {
      mode: 'demo',
      signedIn: true,
      oauth: false,
      person: { id: ownerId, name: me(team).name, methods: me(team).methods },
      accounts: [
        { id: accountId, nickname: db.seller.nickname, site_id: db.seller.site_id, active: true, unread: 0, role, needsSignIn: false },
      ],
      activeAccountId: accountId,
      permissions: [...permissionsOf(role)],
    };
  };

  const pending = () => team.invitations.filter((i) => invitationState(dates(i), new Date(now())) === 'valid');
  const invitationJson = (i: Invitation) => {
    const person = i.personId ? personOf(i.personId) : undefined;
    return {
      id: i.id,
      kind: i.kind,
      role: i.role,
      person: person ? { id: person.id, name: person.name } : null,
      createdBy: i.createdBy,
      createdAt: iso(i.createdAt),
      expiresAt: iso(i.expiresAt),
    };
  };
  const teamJson = () => ({
    people: team.members.map((m) => {
      const p = personOf(m.personId)!;
      return {
        id: p.id,
        name: p.name,
        methods: p.methods,
        role: m.role,
        accountUser: m.accountUser,
        lastActiveAt: p.lastActiveAt === null ? null : iso(p.lastActiveAt),
        you: p.id === ownerId,
      };
    }),
    invitations: pending().map(invitationJson),
  });

  const invite = (kind: Invitation['kind'], role: Role, personId: string | null) => {
    const created: Invitation = {
      id: `demo-invitation-${team.invitations.length + 1}`,
      kind,
      role,
      personId,
      createdBy: me(team).name,
      createdAt: now(),
      expiresAt: now() + invitationLifetimeMs,
      usedAt: null,
      revokedAt: null,
      secret: newSecret(),
    };
    team.invitations.push(created);
    save();
    record('invitation.create', { type: 'invitation', id: created.id }, { kind, role });
    return HttpResponse.json({ invitation: invitationJson(created), link: `/join#${created.secret}` }, { status: 201 });
  };

  /** The invitation a secret names while usable, or the server's 404/410 for it. */
  const usable = (secret: unknown): { invitation: Invitation } | { refused: Response } => {
    const invitation = typeof secret === 'string' ? team.invitations.find((i) => i.secret === secret) : undefined;
    const refused = invitationRefusal(invitation && invitationState(dates(invitation), new Date(now())));
    if (refused) return { refused: HttpResponse.json(refused.body, { status: refused.status }) };
    return { invitation: invitation! };
  };

  const passkeysJson = () => ({
    passkeys: team.passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: iso(p.createdAt),
      lastUsedAt: p.lastUsedAt === null ? null : iso(p.lastUsedAt),
    })),
  });
  const noSuchPasskey = () => HttpResponse.json({ error: 'not_found', message: 'No such passkey of yours' }, { status: 404 });

  return [
    http.get('*/session', () => (touch(), HttpResponse.json(session()))),
    // Demo only: the app as `role` will see it; the door then refuses what the role may not do, as the server would.
    http.post('*/__demo/see-as', async ({ request }) => {
      const { role } = await bodyOf(request);
      if (role !== null && !isRole(role)) return badRequest('Send {"role": …} or {"role": null} for your own');
      team.seeAs = role;
      save();
      return HttpResponse.json(session());
    }),
    http.get('*/team', () => (touch(), HttpResponse.json(teamJson()))),
    http.post('*/team/invitations', async ({ request }) => {
      const { role } = await bodyOf(request);
      if (!isRole(role)) return badRequest(roleMessage);
      return mayGrant(actingRole(team), role) ? invite('join', role, null) : refuse('not_allowed');
    }),
    http.post('*/team/invitations/recovery', async ({ request }) => {
      const { personId } = await bodyOf(request);
      const target = team.members.find((m) => m.personId === personId);
      if (!target) return refuse('not_member');
      return mayGrant(actingRole(team), target.role) ? invite('recovery', target.role, target.personId) : refuse('not_allowed');
    }),
    http.delete('*/team/invitations/:id', ({ params }) => {
      const invitation = pending().find((i) => i.id === params.id);
      if (!invitation) return HttpResponse.json({ error: 'not_found', message: 'No such pending invitation' }, { status: 404 });
      if (!mayGrant(actingRole(team), invitation.role)) return refuse('not_allowed');
      invitation.revokedAt = now();
      save();
      record('invitation.revoke', { type: 'invitation', id: invitation.id });
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch('*/team/people/:id', async ({ request, params }) => {
      const { role } = await bodyOf(request);
      if (!isRole(role)) return badRequest(roleMessage);
      const target = String(params.id);
      const refusal = refuseRoleChange(team.members, actingRole(team), target, role);
      if (refusal) return refuse(refusal);
      team.members = team.members.map((m) => (m.personId === target ? { ...m, role } : m));
      save();
      record('role.change', { type: 'person', id: target }, { role });
      return HttpResponse.json(teamJson());
    }),
    http.delete('*/team/people/:id', ({ params }) => {
      const target = String(params.id);
      const refusal = refuseRemoval(team.members, ownerId, actingRole(team), target);
      if (refusal) return refuse(refusal);
      team.members = team.members.filter((m) => m.personId !== target);
      // Their pending recovery invitations for the account go with them, as on the server.
      team.invitations = team.invitations.filter((i) => i.personId !== target);
      save();
      record('person.remove', { type: 'person', id: target });
      return HttpResponse.json(teamJson());
    }),

    // The invitee's side. Demo mode's one person is signed in, so a link opened here is accepted as them.
    http.post('*/invitations/lookup', async ({ request }) => {
      const found = usable((await bodyOf(request)).secret);
      if ('refused' in found) return found.refused;
      const { invitation } = found;
      const person = invitation.personId ? personOf(invitation.personId) : undefined;
      return HttpResponse.json({
        kind: invitation.kind,
        account: { nickname: db.seller.nickname, site_id: db.seller.site_id },
        role: invitation.role,
        invitedBy: invitation.createdBy,
        expiresAt: iso(invitation.expiresAt),
        person: person ? { name: person.name } : null,
      });
    }),
    http.post('*/invitations/accept', async ({ request }) => {
      const found = usable((await bodyOf(request)).secret);
      if ('refused' in found) return found.refused;
      const { invitation } = found;
      if (invitation.kind !== 'join') return HttpResponse.json(recoveryOnly, { status: 400 });
      const current = team.members.find((m) => m.personId === ownerId);
      const role = roleAfterJoining(current?.role, invitation.role, current?.accountUser ?? false);
      team.members = current
        ? team.members.map((m) => (m === current ? { ...m, role } : m))
        : [...team.members, { personId: ownerId, role, accountUser: false }];
      invitation.usedAt = now();
      save();
      record('invitation.accept', { type: 'invitation', id: invitation.id }, { kind: invitation.kind, role: invitation.role });
      return HttpResponse.json(session());
    }),
    http.post('*/invitations/passkey/options', noPasskeyInDemo),

    http.get('*/me/passkeys', () => HttpResponse.json(passkeysJson())),
    http.get('*/me/sign-ins', () => HttpResponse.json({ signIns: team.signIns.map(({ method, at }) => ({ method, at: iso(at) })) })),
    http.post('*/me/passkeys/options', noPasskeyInDemo),
    http.patch('*/me/passkeys/:id', async ({ request, params }) => {
      const name = displayName((await bodyOf(request)).name);
      if (name === undefined) return badRequest('Send {"name": "…"} (1 to 60 characters)');
      const passkey = team.passkeys.find((p) => p.id === params.id);
      if (!passkey) return noSuchPasskey();
      passkey.name = name;
      save();
      return HttpResponse.json(passkeysJson());
    }),
    http.delete('*/me/passkeys/:id', ({ params }) => {
      if (!team.passkeys.some((p) => p.id === params.id)) return noSuchPasskey();
      if (!mayRemovePasskey({ passkeys: team.passkeys.length, marketplace: me(team).methods.includes('marketplace') }))
        return HttpResponse.json(lastSignInMethod, { status: 409 });
      team.passkeys = team.passkeys.filter((p) => p.id !== params.id);
      save();
      return HttpResponse.json(passkeysJson());
    }),
    // Demo mode has this one session, and no sign-in to come back through: it ends nothing, and the app asks who
    // is signed in again (src/lib/session.ts).
    http.post('*/auth/logout-everywhere', () => new HttpResponse(null, { status: 204 })),
  ];
}

/** An invitation's times as core/team.ts's invitationState reads them. */
function dates(invitation: Invitation) {
  const date = (time: number | null) => (time === null ? null : new Date(time));
  return { expiresAt: new Date(invitation.expiresAt), usedAt: date(invitation.usedAt), revokedAt: date(invitation.revokedAt) };
}
