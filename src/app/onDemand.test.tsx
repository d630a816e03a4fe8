import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './onDemand';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('onDemand', () => {
  it('downloads the component when first rendered and passes the props through', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Lazy = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    render(<Lazy name="Ana" />);
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when the download fails, and the next mount tries again', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const Lazy = onDemand(load);
    const { container, unmount } = render(<Lazy name="Ana" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
    unmount();
    render(<Lazy name="Ana" />);
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
