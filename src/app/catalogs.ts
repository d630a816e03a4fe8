import type { CatalogLoader } from '../lib/i18n';

/** The settings area's catalog: its pages, and the sign-in screen and account menu it also owns. */
export const settingsCatalog: CatalogLoader = (locale) => import(`../features/settings/locales/${locale}.po`);
