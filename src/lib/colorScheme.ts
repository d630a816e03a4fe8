import { useSyncExternalStore } from 'react';
import { createStore, deviceStorage, useStore } from './store';

export type ColorMode = 'system' | 'light' | 'dark';
type Scheme = 'light' | 'dark';

/**
 * The seller's light or dark choice, kept and shown as MUI's colour-scheme manager does: under `mui-mode` in
 * localStorage, as a `light` or `dark` class on <html> (which index.html's first script sets before any
 * paint and src/app/theme.css keys the palette on). The shell reads and toggles it without MUI; the MUI
 * providers of the lazily loaded parts follow it (src/app/MuiTheme.tsx), so every part agrees at once.
 */
export const colorModeKey = 'mui-mode';
const parse = (value: unknown): ColorMode => (value === 'light' || value === 'dark' ? value : 'system');

export const colorMode = createStore<ColorMode>(parse(deviceStorage.get(colorModeKey)));

// jsdom has no matchMedia: there the system is light.
const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;

function scheme(): Scheme {
  const mode = colorMode.get();
  return mode === 'system' ? (darkQuery?.matches ? 'dark' : 'light') : mode;
}

function apply() {
  const classes = document.documentElement.classList;
  const current = scheme();
  classes.remove(current === 'dark' ? 'light' : 'dark');
  classes.add(current);
}

/** Keeps the choice on this device and shows it. */
export function setColorMode(mode: unknown): void {
  const next = parse(mode);
  if (next === colorMode.get()) return;
  deviceStorage.set(colorModeKey, next);
  colorMode.set(next);
}

colorMode.subscribe(apply);
darkQuery?.addEventListener('change', apply);
// A choice made in another tab.
if (typeof window !== 'undefined')
  addEventListener('storage', (event) => event.key === colorModeKey && colorMode.set(parse(event.newValue)));

function subscribeScheme(listener: () => void) {
  const unsubscribe = colorMode.subscribe(listener);
  darkQuery?.addEventListener('change', listener);
  return () => {
    unsubscribe();
    darkQuery?.removeEventListener('change', listener);
  };
}

/** The seller's choice: light, dark, or the system's. */
export function useColorMode(): ColorMode {
  return useStore(colorMode);
}

/** The scheme on screen: the seller's choice, or the system's while following it. */
export function useColorScheme(): Scheme {
  return useSyncExternalStore(subscribeScheme, scheme, scheme);
}
