import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnswerTarget } from '../../core/answerTarget.ts';
import { Browser, json, startOwnedServer, storeEngines, teammate, type TestServer } from './helpers.ts';

const weekdays = {
  targetMinutes: 30,
  workingHours: [null, ...Array.from({ length: 5 }, () => ({ from: 540, to: 1080 })), null],
};

describe.each(await storeEngines('account settings tests'))('the response-time target on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let owner: Browser;
  let manager: Browser;
  let answerer: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ server, owner, close } = await startOwnedServer(databaseUrl));
    manager = await teammate(owner, server.url, 'manager', 'Mara');
    answerer = await teammate(owner, server.url, 'answerer', 'Ana');
  });
  afterAll(() => close());

  it('is an hour, every day all day, until a manager sets it; then the whole team reads the new one', async () => {
    const timeZone = 'America/Argentina/Buenos_Aires';
    expect(await json(answerer.request('/account/settings'))).toEqual({ ...defaultAnswerTarget, timeZone });
    const set = await manager.write('/account/settings', 'PUT', weekdays);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ ...weekdays, timeZone });
    for (const browser of [owner, answerer]) expect(await json(browser.request('/account/settings'))).toEqual({ ...weekdays, timeZone });
  });

  it('refuses a target an answerer sets, and one that is not valid, keeping the one it has', async () => {
    const refused = await answerer.write('/account/settings', 'PUT', { ...weekdays, targetMinutes: 5 });
    expect(refused.status).toBe(403);
    const invalid = await owner.write('/account/settings', 'PUT', { ...weekdays, targetMinutes: 0 });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'bad_request', message: 'targetMinutes is a whole number from 1 to 10080' });
    expect(await json(owner.request('/account/settings'))).toMatchObject({ targetMinutes: weekdays.targetMinutes });
  });
});
