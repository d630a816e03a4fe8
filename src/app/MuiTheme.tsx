import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider, type StorageManager } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { colorMode, colorModeKey, setColorMode } from '../lib/colorScheme';
import { useLocale } from '../lib/i18n';
import { markPrebuilt, prebuilt } from '../lib/prebuiltStyles';
import './muiStyles.css';
import commonStyles from './muiStyles.json';
import { createAppTheme } from './theme';

/**
 * The CSS MUI's components generate on the app's pages is prebuilt (`npm run styles`, scripts/mui-styles.mjs):
 * the classes two or more areas use come as a stylesheet with this chunk, each area's own with the area, and
 * Emotion's cache knows those loaded as inserted (../lib/prebuiltStyles), so a page's render no longer compiles and
 * inserts them one rule at a time. A class missing from them is inserted as usual.
 */
const cache = createCache({ key: 'css' });
prebuilt(commonStyles);
markPrebuilt(cache.inserted);

/**
 * MUI's colour-scheme manager keeps the seller's choice in the app's store (src/lib/colorScheme.ts) instead
 * of its own, so that a change made anywhere (the shell's toggle, the settings page, another tab) reaches the
 * shell and every provider at once. The light and dark schemes have one variant each: their keys keep nothing.
 */
const storageManager: StorageManager = ({ key }) =>
  key === colorModeKey
    ? { get: () => colorMode.get(), set: setColorMode, subscribe: (handler) => colorMode.subscribe(() => handler(colorMode.get())) }
    : { get: (fallback) => fallback, set: () => undefined, subscribe: () => () => undefined };

/**
 * MUI's theme for a part of the app drawn with MUI (a page, a menu, a toast). Not around the whole app: the
 * shell paints without MUI and Emotion (src/app/Shell.tsx), and they download beside the first page. The
 * theme's CSS variables and CssBaseline's rules are a stylesheet in index.html (src/app/themeCss.test.tsx).
 * `noSsr`: nothing is rendered on a server, so the colour mode is known at the first render; without it MUI
 * renders the part once without one and again, whole, after mounting (a task of 25-40 ms at 1x on a phone).
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={createAppTheme(locale)} defaultMode="system" disableStyleSheetGeneration storageManager={storageManager} noSsr>
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
