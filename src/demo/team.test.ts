import { getResponse, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { permissionsOf, type Role } from '../../core/roles.ts';
import { ApiError } from '../api/errors';
import { getServerSession, signOutEverywhere } from '../api/session';
import {
  acceptInvitation,
  addPasskey,
  changeRole,
  createInvitation,
  getPasskeys,
  getSignIns,
  getTeam,
  lookUpInvitation,
  removePasskey,
  removePerson,
  renamePasskey,
  revokeInvitation,
} from '../api/team';
import { demoSeller } from './db/core';
import { stockScenarios } from './db/stock';
import { testDb } from './node';
import { createDemoTeam, teamHandlers } from './team';

/**
 * Demo mode's emulation of the server's people paths (src/demo/team.ts) and its door's check, through the app's
 * own API functions over the simulator the tests run on (schemas included): the answers have the server's shapes,
 * and the refusals its statuses and codes, decided by core/team.ts and core/permissions.ts.
 */
const day = 86_400_000;

/** Demo only: the app as `role` will see it (src/api/demo.ts's call, by hand: no page here). */
async function seeAs(role: Role | null) {
  const response = await fetch('http://localhost/__demo/see-as', { method: 'POST', body: JSON.stringify({ role }) });
  expect(response.status).toBe(200);
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; error: string; message: string }> {
  const error = await promise.then(
    () => expect.fail('the demo accepted it'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw error;
  return { status: error.status, error: error.error, message: error.message };
}

const secretOf = (link: string) => link.slice('/join#'.length);

describe('the demo team', () => {
  it('signs in the demo seller as the owner of a seeded team of four, with two pending invitations, one near expiry', async () => {
    const session = await getServerSession();
    expect(session).toMatchObject({
      mode: 'demo',
      signedIn: true,
      person: { id: 'demo-owner', name: demoSeller.nickname },
      accounts: [{ id: String(demoSeller.id), role: 'owner', active: true }],
      activeAccountId: String(demoSeller.id),
      permissions: [...permissionsOf('owner')],
    });
    const team = await getTeam();
    expect(team.people.map((p) => [p.name, p.role, p.you])).toEqual([
      [demoSeller.nickname, 'owner', true],
      ['Lucía Gómez', 'manager', false],
      ['Martín Ruiz', 'answerer', false],
      ['João Pereira', 'credit_reviewer', false],
    ]);
    // The person in use was active just now, never "Never".
    expect(Date.now() - Date.parse(team.people[0]!.lastActiveAt!)).toBeLessThan(5_000);
    const left = team.invitations.map((i) => Date.parse(i.expiresAt) - Date.now()).sort((a, b) => a - b);
    expect(left).toHaveLength(2);
    expect(left[0]).toBeLessThan(day);
    expect(left[1]).toBeGreaterThan(day);
    const signIns = await getSignIns();
    expect(signIns.map((s) => s.method)).toEqual(['marketplace', 'passkey', 'marketplace']);
    expect(signIns.map((s) => s.at)).toEqual(
      signIns
        .map((s) => s.at)
        .sort()
        .reverse(),
    );
  });

  it('makes a one-time link, which the signed-in person accepts once; a revoked or expired one is refused as the server does', async () => {
    const { invitation, link } = await createInvitation('answerer');
    expect(link).toMatch(/^\/join#[\w-]{43}$/);
    expect(invitation).toMatchObject({ kind: 'join', role: 'answerer', createdBy: demoSeller.nickname, person: null });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * day);
    expect((await getTeam()).invitations.map((i) => i.id)).toContain(invitation.id);
    expect(await lookUpInvitation(secretOf(link))).toMatchObject({ kind: 'join', role: 'answerer', invitedBy: demoSeller.nickname });

    // The owner accepting it stays the owner (a role raised, never lowered: core/team.ts's roleAfterJoining).
    expect((await acceptInvitation(secretOf(link))).accounts[0]?.role).toBe('owner');
    expect(await refusal(acceptInvitation(secretOf(link)))).toMatchObject({ status: 410, error: 'invitation_used' });
    expect((await getTeam()).invitations.map((i) => i.id)).not.toContain(invitation.id);

    const revoked = await createInvitation('viewer');
    await revokeInvitation(revoked.invitation.id);
    expect(await refusal(lookUpInvitation(secretOf(revoked.link)))).toMatchObject({ status: 410, error: 'invitation_revoked' });
    expect(await refusal(revokeInvitation(revoked.invitation.id))).toMatchObject({ status: 404, error: 'not_found' });

    const expiring = await createInvitation('viewer');
    testDb().clockOffset += 7 * day;
    expect(await refusal(lookUpInvitation(secretOf(expiring.link)))).toMatchObject({ status: 410, error: 'invitation_expired' });
    expect(await refusal(lookUpInvitation('no-such-secret'))).toMatchObject({ status: 404, error: 'invitation_not_found' });
    // The seeded ones expired with it.
    expect((await getTeam()).invitations).toEqual([]);
  });

  it('keeps the team’s rules as the server does: the account user stays an owner, a manager manages no owner', async () => {
    expect(await refusal(changeRole('demo-owner', 'manager'))).toMatchObject({ status: 409, error: 'account_user' });
    expect(await refusal(removePerson('demo-owner'))).toMatchObject({ status: 409, error: 'account_user' });
    expect(await refusal(changeRole('nobody', 'viewer'))).toMatchObject({ status: 404, error: 'not_found' });
    const raised = await changeRole('demo-answerer', 'stock_keeper');
    expect(raised.people.find((p) => p.id === 'demo-answerer')?.role).toBe('stock_keeper');

    await seeAs('manager');
    expect(await refusal(changeRole('demo-manager', 'owner'))).toMatchObject({ status: 403, error: 'forbidden' });
    expect(await refusal(createInvitation('owner'))).toMatchObject({ status: 403, error: 'forbidden' });
    expect((await removePerson('demo-credit-reviewer')).people.map((p) => p.id)).not.toContain('demo-credit-reviewer');
  });

  it('refuses, seen as an answerer, what the role lacks with the server’s 403, before the marketplace', async () => {
    await seeAs('answerer');
    const session = await getServerSession();
    expect(session.accounts[0]?.role).toBe('answerer');
    expect(session.permissions).toEqual([...permissionsOf('answerer')]);

    const requestsBefore = testDb().traffic.requests;
    const write = await fetch(`http://localhost/api/user-products/${stockScenarios.warehousesAndFacility}/stock/type/selling_address`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${demoSeller.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ quantity: 1 }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({
      error: 'forbidden',
      message: 'Your role, Answerer, does not include stock changes',
      role: 'answerer',
      lacks: 'stock.write',
    });
    expect(testDb().traffic.requests).toBe(requestsBefore);
    expect(await refusal(getTeam())).toMatchObject({ status: 403, error: 'forbidden' });

    // Their own again: the door lets the owner through.
    await seeAs(null);
    expect((await getTeam()).people).toHaveLength(4);
  });

  it('answers, seen as an answerer, only the activity the role may read', async () => {
    const trigger = (path: string, body: unknown) =>
      fetch(`http://localhost/api/__demo/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${demoSeller.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await trigger('credit-leads', {})).status).toBe(201);
    expect((await trigger('questions', { text: '¿Tienen factura A?' })).status).toBe(201);
    const kinds = async () => {
      const { entries } = (await (await fetch('http://localhost/activity')).json()) as { entries: { kind: string }[] };
      return entries.map((entry) => entry.kind).sort();
    };
    expect(await kinds()).toEqual(['credit-lead', 'question']);
    await seeAs('answerer');
    expect(await kinds()).toEqual(['question']);
  });

  it('refuses a viewer every reveal of personal data', async () => {
    await seeAs('viewer');
    const [question] = testDb().questions.byId.keys();
    const reveal = await fetch(`http://localhost/reveal/questions/${question}`, { method: 'POST' });
    expect(reveal.status).toBe(403);
    expect(await reveal.json()).toMatchObject({ error: 'forbidden', lacks: 'questions.reveal' });
  });

  it('lists the seeded passkeys, renames and removes them, and says a demo cannot create one', async () => {
    const [laptop, phone] = await getPasskeys();
    expect((await renamePasskey(laptop!.id, '  Work laptop ')).map((p) => p.name)).toEqual(['Work laptop', 'Phone']);
    expect(await refusal(renamePasskey(laptop!.id, ' '))).toMatchObject({ status: 400 });
    expect((await removePasskey(phone!.id)).map((p) => p.id)).toEqual([laptop!.id]);
    // The owner also signs in with the marketplace: the last passkey is not their last way in.
    expect(await removePasskey(laptop!.id)).toEqual([]);
    expect(await refusal(addPasskey('Tablet'))).toMatchObject({ status: 501, error: 'not_in_demo' });
    await expect(signOutEverywhere()).resolves.toBeUndefined();
    expect((await getServerSession()).signedIn).toBe(true);
  });

  it('keeps the team for the tab: a reload finds the link made and the role seen as; a damaged copy seeds afresh', async () => {
    let stored: string | null = null;
    const kept = { read: () => stored, write: (value: string) => void (stored = value) };
    const load = () => teamHandlers(testDb(), createDemoTeam(testDb(), kept), () => undefined, kept);
    const post = async (handlers: HttpHandler[], path: string, body: unknown) =>
      (await getResponse(handlers, new Request(`http://localhost${path}`, { method: 'POST', body: JSON.stringify(body) })))!;

    const before = load();
    const { link } = (await (await post(before, '/team/invitations', { role: 'viewer' })).json()) as { link: string };
    await post(before, '/__demo/see-as', { role: 'answerer' });

    const reloaded = load();
    expect((await post(reloaded, '/invitations/lookup', { secret: secretOf(link) })).status).toBe(200);
    const session = (await (await getResponse(reloaded, new Request('http://localhost/session')))!.json()) as { permissions: string[] };
    expect(session.permissions).toEqual([...permissionsOf('answerer')]);

    stored = '{"people":[],"members":[{"personId":"x","role":"king"}],"invitations":[],"passkeys":[],"seeAs":null}';
    expect(createDemoTeam(testDb(), kept).members.map((m) => m.role)).toEqual(['owner', 'manager', 'answerer', 'credit_reviewer']);
  });
});
