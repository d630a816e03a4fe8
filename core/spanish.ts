/**
 * Spanish comes in two registers (README, "Translations"): `es-AR`, Rioplatense *vos*, for sellers of the
 * marketplace's Argentine, Uruguayan and Paraguayan sites, and `es-419`, Latin American Spanish in *tú*, for every
 * other site (Mexico, Colombia, Chile, Peru, Central America … and the sites of other languages). Both codes carry
 * a region so that a bare `es` stays free to mean "Spanish in the variant of the active account's site". The app
 * picks its catalogs with it, the server its preloads and its own pages.
 */
export type Spanish = 'es-AR' | 'es-419';

const vosSites = ['MLA', 'MLU', 'MPY'];
const vosRegions = ['AR', 'UY', 'PY'];

export function spanishOfSite(site: string): Spanish {
  return vosSites.includes(site) ? 'es-AR' : 'es-419';
}

/** For a browser's Spanish when no account's site is known: vos for es-AR, es-UY and es-PY, tú for the others. */
export function spanishOfTag(tag: string): Spanish {
  return vosRegions.includes(tag.split('-')[1]?.toUpperCase() ?? '') ? 'es-AR' : 'es-419';
}
