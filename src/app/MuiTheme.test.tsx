import { useColorScheme } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { colorMode, setColorMode } from '../lib/colorScheme';
import { LocaleProvider } from '../lib/i18n';
import { MuiTheme } from './MuiTheme';

function MuiMode() {
  const { mode, setMode } = useColorScheme();
  return (
    <button type="button" onClick={() => setMode('light')}>
      {mode}
    </button>
  );
}

afterEach(() => act(() => setColorMode('system')));

it("MUI's providers follow the seller's choice made outside them, and a choice made with MUI reaches the shell", () => {
  render(
    <LocaleProvider>
      <MuiTheme>
        <MuiMode />
      </MuiTheme>
      <MuiTheme>
        <MuiMode />
      </MuiTheme>
    </LocaleProvider>,
  );
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['system', 'system']);

  // The shell's toggle: both providers follow, the page shows it, the device keeps it.
  act(() => setColorMode('dark'));
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['dark', 'dark']);
  expect(document.documentElement).toHaveClass('dark');
  expect(localStorage.getItem('mui-mode')).toBe('dark');

  // A choice made through MUI (in one provider) is the app's, and the other provider follows.
  act(() => screen.getAllByRole('button')[0]!.click());
  expect(colorMode.get()).toBe('light');
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['light', 'light']);
  expect(document.documentElement).toHaveClass('light');
  expect(document.documentElement).not.toHaveClass('dark');
  expect(localStorage.getItem('mui-mode')).toBe('light');
});

it("draws a part once as it mounts, with the seller's colour mode known from the start (no second render after mounting)", () => {
  const modes: (string | undefined)[] = [];
  function Drawn() {
    modes.push(useColorScheme().mode);
    return null;
  }
  render(
    <LocaleProvider>
      <MuiTheme>
        <Drawn />
      </MuiTheme>
    </LocaleProvider>,
  );
  expect(modes).toEqual(['system']);
});
