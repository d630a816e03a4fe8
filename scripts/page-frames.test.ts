import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readPageFrames } from './page-frames';

it("reads each marked page's heading and intro in every locale from the areas' catalogs", () => {
  const frames = readPageFrames(join(import.meta.dirname, '../src/features'));
  expect(frames['/questions']).toEqual({
    en: { title: 'Questions', intro: 'Buyer questions about your items, newest first.' },
    'es-AR': { title: 'Preguntas', intro: 'Preguntas de compradores sobre tus publicaciones, las más nuevas primero.' },
    'es-419': { title: 'Preguntas', intro: 'Preguntas de compradores sobre tus publicaciones, las más nuevas primero.' },
    'pt-BR': { title: 'Perguntas', intro: 'Perguntas de compradores sobre seus anúncios, as mais novas primeiro.' },
  });
  // Every page the bench measures whose heading is not data has its frame, whole in every locale.
  for (const path of [
    '/',
    '/questions/queue',
    '/response-time',
    '/stock',
    '/stock/bulk',
    '/categories',
    '/fulfillment',
    '/fulfillment/operations',
    '/credits',
    '/activity',
    '/audit',
    '/settings',
  ]) {
    expect(Object.keys(frames[path] ?? {}).sort(), path).toEqual(['en', 'es-419', 'es-AR', 'pt-BR']);
    const intros = Object.values(frames[path]!).map((frame) => frame.intro === undefined);
    expect(new Set(intros).size, `${path}: an intro in some locales only`).toBe(1);
    for (const frame of Object.values(frames[path]!)) expect(frame.title).not.toBe('');
  }
});
