import { expect, it } from 'vitest';
import { demoAccount } from '../../src/lib/demoAccount.ts';
import * as app from '../../src/lib/spanish.ts';
import { demoSite } from '../src/web.ts';
import * as server from '../src/spanish.ts';

it("chooses Spanish's register as the app does, by site and by the browser's region", () => {
  const sites = [
    'MLA',
    'MLU',
    'MPY',
    'MLM',
    'MCO',
    'MLC',
    'MPE',
    'MEC',
    'MLV',
    'MBO',
    'MCR',
    'MPA',
    'MRD',
    'MGT',
    'MHN',
    'MNI',
    'MSV',
    'MLB',
    '',
  ];
  expect(sites.map(server.spanishOfSite)).toEqual(sites.map(app.spanishOfSite));
  expect(sites.map(server.spanishOfSite).filter((spanish) => spanish === 'es-AR')).toHaveLength(3);
  const tags = ['es', 'es-AR', 'es-ar', 'es-UY', 'es-PY', 'es-MX', 'es-CO', 'es-419', 'es-ES', 'es-US'];
  expect(tags.map(server.spanishOfTag)).toEqual(tags.map(app.spanishOfTag));
  expect(tags.map(server.spanishOfTag).filter((spanish) => spanish === 'es-AR')).toHaveLength(4);
});

it("knows the demo seller's site as the app does", () => {
  expect(demoSite).toBe(demoAccount.site_id);
});
