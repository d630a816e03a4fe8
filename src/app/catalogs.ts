import type { CatalogLoader } from '../lib/i18n';

/** The settings area's catalog: its pages, and the sign-in screen and account menu it also owns. */
export const settingsCatalog: CatalogLoader = (locale) => import(`../features/settings/locales/${locale}.po`);

/** The activity area's catalog: its page, and the words of the live updates the shell announces. */
export const activityCatalog: CatalogLoader = (locale) => import(`../features/activity/locales/${locale}.po`);
