import type { ComponentType } from 'react';
import { commonModules } from './commonModules';

/**
 * A lazily loaded component drawn with MUI: its loader also loads MUI's theme (./MuiTheme), which it renders
 * inside. What the first paint draws (the shell, its loading and error states) is plain HTML and CSS. The
 * modules most parts share come first, each group in a task of its own (./commonModules).
 */
export function themed<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () =>
    commonModules().then(() =>
      Promise.all([load(), import('./MuiTheme')]).then(
        ([Component, { MuiTheme }]) =>
          function Themed(props: P) {
            return (
              <MuiTheme>
                <Component {...props} />
              </MuiTheme>
            );
          },
      ),
    );
}
