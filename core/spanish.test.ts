import { expect, it } from 'vitest';
import { spanishOfSite, spanishOfTag } from './spanish.ts';

it('speaks vos to the Argentine, Uruguayan and Paraguayan sites and tú to the others', () => {
  const vos = ['MLA', 'MLU', 'MPY'];
  const tú = ['MLM', 'MCO', 'MLC', 'MPE', 'MEC', 'MLV', 'MBO', 'MCR', 'MPA', 'MRD', 'MGT', 'MHN', 'MNI', 'MSV', 'MLB', ''];
  expect(vos.map(spanishOfSite)).toEqual(vos.map(() => 'es-AR'));
  expect(tú.map(spanishOfSite)).toEqual(tú.map(() => 'es-419'));
});

it("reads the browser's region when no site is known", () => {
  expect(['es-AR', 'es-ar', 'es-UY', 'es-PY'].map(spanishOfTag)).toEqual(['es-AR', 'es-AR', 'es-AR', 'es-AR']);
  expect(['es', 'es-MX', 'es-CO', 'es-419', 'es-ES', 'es-US'].map(spanishOfTag)).toEqual(Array(6).fill('es-419'));
});
