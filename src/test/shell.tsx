import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { Shell } from '../app/Shell';
import { renderWithProviders } from './render';

/**
 * The shell over a stand-in page, on a wide screen (navigation as a column) or a phone: jsdom has no matchMedia,
 * so every media query answers `wide`. Undo with `vi.unstubAllGlobals()`.
 */
export function renderShell({ wide, path }: { wide: boolean; path?: string }) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: wide,
    media,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
  return renderWithProviders(
    <Routes>
      <Route element={<Shell />}>
        <Route path="*" element={<h1>Page</h1>} />
      </Route>
    </Routes>,
    { path },
  );
}
