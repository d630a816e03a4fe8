/**
 * The app's two Spanish registers (src/lib/spanish.ts, which server/test/spanish.test.ts keeps equal to this copy:
 * the server's code cannot import the app's): `es-AR`, Rioplatense vos, for the Argentine, Uruguayan and Paraguayan
 * sites and browsers set to those countries' Spanish; `es-419`, Latin American Spanish in tú, for the others.
 */
export type Spanish = 'es-AR' | 'es-419';

const vosSites = ['MLA', 'MLU', 'MPY'];
const vosRegions = ['AR', 'UY', 'PY'];

export function spanishOfSite(site: string): Spanish {
  return vosSites.includes(site) ? 'es-AR' : 'es-419';
}

export function spanishOfTag(tag: string): Spanish {
  return vosRegions.includes(tag.split('-')[1]?.toUpperCase() ?? '') ? 'es-AR' : 'es-419';
}
