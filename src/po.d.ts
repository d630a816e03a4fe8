// A catalog imported through @lingui/vite-plugin, compiled for one locale.
declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}
