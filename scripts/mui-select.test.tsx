import MenuItem from '@mui/material/MenuItem';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Profiler, startTransition, type ComponentType, type ReactNode } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { patchSelectInput } from './mui-select';

const file = join(dirname(createRequire(import.meta.url).resolve('@mui/material/Select')), 'SelectInput.mjs');
const source = readFileSync(file, 'utf8');
// Beside MUI's own modules' folder, so that Node loads the copies as it loads MUI (tests do not bundle packages).
const folder = mkdtempSync(join(dirname(file), '../../.seller-desk-test-'));
afterAll(() => rmSync(folder, { recursive: true }));

interface SelectInputProps {
  value: string;
  onChange: () => void;
  IconComponent: ComponentType;
  SelectDisplayProps: { 'aria-label': string };
  children: ReactNode;
}

/** SelectInput from the given source, its relative imports pointed at MUI's own files. */
async function loadSelectInput(name: string, text: string): Promise<ComponentType<SelectInputProps>> {
  const copy = join(folder, `${name}.mjs`);
  writeFileSync(
    copy,
    text.replace(/from "(\.\.?\/[^"]+)"/g, (_match, path: string) => `from "${join(dirname(file), path)}"`),
  );
  return ((await import(/* @vite-ignore */ copy)) as { default: ComponentType<SelectInputProps> }).default;
}

/** The render phases of a select mounted in a transition, as the app's pages mount. */
async function mountPhases(SelectInput: ComponentType<SelectInputProps>): Promise<string[]> {
  const phases: string[] = [];
  const view = render(<div />);
  await act(async () =>
    startTransition(() =>
      view.rerender(
        <Profiler id="select" onRender={(_id, phase) => phases.push(phase)}>
          <SelectInput value="a" onChange={() => undefined} IconComponent={() => null} SelectDisplayProps={{ 'aria-label': 'Status' }}>
            <MenuItem value="a">Open</MenuItem>
            <MenuItem value="b">Closed</MenuItem>
          </SelectInput>
        </Profiler>,
      ),
    ),
  );
  return phases;
}

describe('MUI SelectInput patch', () => {
  it('applies to the installed MUI exactly where it should, and refuses a source without its anchor', () => {
    const patched = patchSelectInput(source);
    expect(patched).toContain('React.startTransition(() => setDisplayNode(node))');
    expect(patched.length - source.length).toBe('React.startTransition(() => )'.length);
    expect(() => patchSelectInput(source.replace('setDisplayNode(node);', 'setDisplayNode(node); // changed'))).toThrow(
      /not there exactly once/,
    );
  });

  it('mounts without a synchronous render inside the commit, and its menu still opens', async () => {
    // Unpatched, the display element's state update renders the select again within its own commit.
    expect(await mountPhases(await loadSelectInput('original', source))).toContain('nested-update');
    cleanup();
    const Patched = await loadSelectInput('patched', patchSelectInput(source));
    const phases = await mountPhases(Patched);
    expect(phases[0]).toBe('mount');
    expect(phases).not.toContain('nested-update');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(await screen.findByRole('option', { name: 'Closed' })).toBeVisible();
  });
});
