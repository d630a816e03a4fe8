import { createTheme } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotAvailableChart } from './NotAvailableChart';

const { palette } = createTheme();

/** The chart's text, as drawn: the axes' labels (Recharts draws them in a layer of their own, after the bars). */
function texts(data: { label: string; quantity: number }[]): string[] {
  const { container } = render(<NotAvailableChart data={data} label="Chart" palette={palette} width={296} height={160} />);
  return [...container.querySelectorAll('text')].map((text) => text.textContent ?? '');
}

describe('NotAvailableChart', () => {
  it('labels every status on one line, and cuts one the server adds that would not fit', () => {
    const drawn = texts([
      { label: 'Sem cobertura fiscal', quantity: 4 },
      { label: 'Lost', quantity: 1 },
      { label: 'retained_by_customs_for_inspection', quantity: 2 },
    ]);
    expect(drawn).toEqual(expect.arrayContaining(['Sem cobertura fiscal', 'Lost', 'retained_by_customs…']));
    expect(drawn).not.toContain('retained_by_customs_for_inspection');
    // The quantity axis: every tick drawn, in whole units.
    expect(drawn).toEqual(expect.arrayContaining(['0', '1', '2', '3', '4']));
  });
});
