import CssBaseline from '@mui/material/CssBaseline';
import InputBase from '@mui/material/InputBase';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { autofillKeyframes, createAppTheme } from './theme';

/** The rules Emotion inserted in the document (jsdom), global ones or not. */
const emotionCss = (selector: string) => [...document.querySelectorAll(selector)].map((style) => style.textContent).join('\n');

/**
 * The theme's CSS variables (both colour schemes, 21 KB of CSS) and CssBaseline's rules over them are a
 * stylesheet in index.html (theme.css, inlined by vite.config.ts) rather than built at run time: the shell
 * paints without MUI and Emotion (src/app/Shell.tsx), and generating, serializing and inserting them took
 * about 10 ms of every page's start on a phone. So are the keyframes by which MUI's inputs notice an autofill,
 * which every input would otherwise insert as it mounts. This keeps the file what MUI generates from the theme;
 * after a change to the theme, `npx vitest run src/app/themeCss.test.tsx --update` rewrites it.
 */
test("theme.css is the stylesheet MUI generates for the theme's variables, CssBaseline and the inputs' keyframes", async () => {
  render(
    <ThemeProvider theme={createAppTheme('en')} defaultMode="system">
      <CssBaseline enableColorScheme />
      <InputBase disableInjectingGlobalStyles={false} />
    </ThemeProvider>,
  );
  const css = emotionCss('style[data-emotion="css-global"]');
  expect(css).toContain('--mui-palette-primary-main:#1565c0');
  expect(css).toContain('body{margin:0;');
  await expect(`${css}\n`).toMatchFileSnapshot('./theme.css');
});

test("the app's inputs run the autofill keyframes of theme.css without inserting them", () => {
  render(
    <ThemeProvider theme={createAppTheme('en')} defaultMode="system">
      <InputBase />
    </ThemeProvider>,
  );
  expect(emotionCss('style[data-emotion="css-global"]')).not.toContain('@keyframes');
  const input = emotionCss('style[data-emotion="css"]');
  expect(input).toMatch(new RegExp(`[^-]animation-name:${autofillKeyframes.cancel};`));
  expect(input).toMatch(new RegExp(`:-webkit-autofill\\{[^}]*[^-]animation-name:${autofillKeyframes.fill};`));
});

test("theme.css names the keyframes the theme's inputs run", () => {
  const css = readFileSync('src/app/theme.css', 'utf8');
  expect([...css.matchAll(/@keyframes ([\w-]+)/g)].map((match) => match[1])).toEqual([autofillKeyframes.fill, autofillKeyframes.cancel]);
});
