import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templatesPerAccount } from '../../core/answerTemplates.ts';
import { demoSeller } from '../../src/demo/db/core.ts';
import type { AnswerTemplate } from '../src/store/answerTemplates.ts';
import type { Store } from '../src/store/store.ts';
import { Browser, json, signIn, startOwnedServer, storeEngines, teammate, type TestServer } from './helpers.ts';

interface Listed {
  templates: AnswerTemplate[];
}

const shipping = { name: 'Envío', text: 'Hacemos envíos a todo el país en el día.' };

describe.each(await storeEngines('answer template tests'))('the answer templates on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let store: Store;
  let owner: Browser;
  let answerer: Browser;
  let viewer: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ server, store, owner, close } = await startOwnedServer(databaseUrl));
    answerer = await teammate(owner, server.url, 'answerer', 'Ana');
    viewer = await teammate(owner, server.url, 'viewer', 'Vera');
  });
  afterAll(() => close());

  const list = async (browser: Browser) => (await json<Listed>(browser.request('/account/templates'))).templates;

  it('are shared by the team: an answerer saves one, every role that reads questions reads it; a viewer cannot change them', async () => {
    expect(await list(owner)).toEqual([]);
    const created = await answerer.write('/account/templates', 'POST', { ...shipping, name: `  ${shipping.name} ` });
    expect(created.status).toBe(201);
    const template = await json<AnswerTemplate>(created);
    expect(template).toMatchObject({ ...shipping, changedBy: { name: 'Ana' } });
    for (const browser of [owner, viewer]) expect(await list(browser)).toEqual([template]);
    expect((await viewer.write('/account/templates', 'POST', shipping)).status).toBe(403);
    expect((await viewer.write(`/account/templates/${template.id}`, 'DELETE')).status).toBe(403);
  });

  it('edits and deletes one, in the audit trail by name and length, never the text', async () => {
    const [template] = await list(owner);
    const edited = await owner.write(`/account/templates/${template!.id}`, 'PUT', {
      name: 'Envío gratis',
      text: 'Envío gratis a todo el país.',
    });
    expect(await json(edited)).toMatchObject({
      id: template!.id,
      name: 'Envío gratis',
      changedBy: { name: expect.any(String) as unknown },
    });
    expect((await owner.write(`/account/templates/${template!.id}`, 'DELETE')).status).toBe(204);
    expect(await list(answerer)).toEqual([]);
    expect((await owner.write(`/account/templates/${template!.id}`, 'DELETE')).status).toBe(404);
    const trail = await json<{ entries: { action: string; details: Record<string, unknown> }[] }>(owner.request('/audit?limit=3'));
    expect(trail.entries.map(({ action, details }) => ({ action, details }))).toEqual([
      { action: 'template.delete', details: { name: 'Envío gratis' } },
      { action: 'template.update', details: { name: 'Envío gratis', length: 28 } },
      { action: 'template.create', details: { name: shipping.name, length: shipping.text.length } },
    ]);
    expect(JSON.stringify(trail)).not.toContain('todo el país');
  });

  it('refuses a name or text out of limits, and holds contact data unless overridden', async () => {
    for (const body of [{ name: '', text: 'x' }, { name: 'x'.repeat(61), text: 'x' }, { name: 'x', text: 'y'.repeat(2001) }, { name: 'x' }])
      expect((await owner.write('/account/templates', 'POST', body)).status).toBe(400);
    const contact = { name: 'WhatsApp', text: 'Escribime al 11 4567-8901' };
    const held = await owner.write('/account/templates', 'POST', contact);
    expect(held.status).toBe(422);
    expect(await held.json()).toMatchObject({ error: 'contact_data', findings: [{ kind: 'phone' }] });
    expect(await list(owner)).toEqual([]);
    const overridden = await owner.request('/account/templates', {
      method: 'POST',
      headers: { origin: 'http://seller-desk.test', 'x-seller-desk': '1', 'content-type': 'application/json', 'x-guard-override': '1' },
      body: JSON.stringify(contact),
    });
    expect(overridden.status).toBe(201);
    const trail = await json<{ entries: { action: string; details: Record<string, unknown> }[] }>(owner.request('/audit?limit=1'));
    expect(trail.entries[0]).toMatchObject({ action: 'template.create', details: { guardOverride: true } });
  });

  it('are each account’s own: another account’s seller neither lists nor changes them, by id or by naming the account', async () => {
    const [template] = await list(owner);
    const stranger = new Browser(server.url);
    await signIn(stranger, 'OTRO_VENDEDOR');
    expect(await list(stranger)).toEqual([]);
    expect((await stranger.write(`/account/templates/${template!.id}`, 'PUT', shipping)).status).toBe(404);
    expect((await stranger.write(`/account/templates/${template!.id}`, 'DELETE')).status).toBe(404);
    const named = await stranger.request('/account/templates', { headers: { 'x-seller-account': String(demoSeller.id) } });
    expect(named.status).toBe(403);
    expect(await list(owner)).toEqual([template]);
  });

  it(`keeps at most ${templatesPerAccount} per account`, async () => {
    const have = (await list(owner)).length;
    for (let i = have; i < templatesPerAccount; i++)
      expect((await owner.write('/account/templates', 'POST', { name: `T${i}`, text: `Texto ${i}` })).status).toBe(201);
    expect((await owner.write('/account/templates', 'POST', shipping)).status).toBe(409);
    expect(await list(owner)).toHaveLength(templatesPerAccount);
  });

  it('goes with the account', async () => {
    expect((await owner.write(`/session/accounts/${demoSeller.id}`, 'DELETE')).status).toBe(200);
    expect(await store.answerTemplates.list(String(demoSeller.id))).toEqual([]);
  });
});
