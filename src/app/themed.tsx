import type { ComponentType } from 'react';

/**
 * A lazily loaded component drawn with MUI: its loader also loads MUI's theme (./MuiTheme), which it renders
 * inside. What the first paint draws (the shell, its loading and error states) is plain HTML and CSS.
 */
export function themed<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () =>
    Promise.all([load(), import('./MuiTheme')]).then(
      ([Component, { MuiTheme }]) =>
        function Themed(props: P) {
          return (
            <MuiTheme>
              <Component {...props} />
            </MuiTheme>
          );
        },
    );
}
