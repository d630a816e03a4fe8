import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { createAppTheme } from './theme';

/**
 * The theme's CSS variables (both colour schemes, 21 KB of CSS) and CssBaseline's rules over them are a
 * stylesheet in index.html (theme.css, inlined by vite.config.ts) rather than built at run time: the shell
 * paints without MUI and Emotion (src/app/Shell.tsx), and generating, serializing and inserting them took
 * about 10 ms of every page's start on a phone. This keeps the file what MUI generates from the theme; after
 * a change to the theme, `npx vitest run src/app/themeCss.test.tsx --update` rewrites it.
 */
test("theme.css is the stylesheet MUI generates for the theme's variables and CssBaseline", async () => {
  render(
    <ThemeProvider theme={createAppTheme('en')} defaultMode="system">
      <CssBaseline enableColorScheme />
    </ThemeProvider>,
  );
  const css = [...document.querySelectorAll('style[data-emotion]')].map((style) => style.textContent).join('\n');
  expect(css).toContain('--mui-palette-primary-main:#1565c0');
  expect(css).toContain('body{margin:0;');
  await expect(`${css}\n`).toMatchFileSnapshot('./theme.css');
});
