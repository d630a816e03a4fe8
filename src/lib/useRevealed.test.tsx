import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRevealed } from './useRevealed';

function List({ total }: { total: number }) {
  const revealed = useRevealed(total, 3, 2);
  return (
    <ul aria-label="rows">
      {Array.from({ length: revealed }, (_, index) => (
        <li key={index}>{index}</li>
      ))}
    </ul>
  );
}

describe('useRevealed', () => {
  it('mounts the first rows at once and the rest in later steps, up to the total', async () => {
    render(<List total={8} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
  });

  it('never shows more rows than there are', () => {
    render(<List total={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
