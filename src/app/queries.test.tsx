import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './onDemand';
import { configureQueryClient, loadQueryClient, queried } from './queries';
import { createQueryClient } from './queryClient';

/** Shows the stale time of the client it was given: the app's is 30 s. */
function Probe({ name }: { name: string }) {
  const client = useQueryClient();
  return <p>{`${name} ${String(client.getDefaultOptions().queries?.staleTime)}`}</p>;
}

describe('the query client, outside first paint', () => {
  it('is downloaded by the first part that queries, once, and each such part renders with it', async () => {
    const download = vi.fn(() => Promise.resolve(createQueryClient()));
    configureQueryClient(download);
    const Badge = onDemand(queried(() => Promise.resolve(Probe)));
    const Page = onDemand(queried(() => Promise.resolve(Probe)));
    expect(download).not.toHaveBeenCalled();
    render(
      <>
        <Badge name="badge" />
        <Page name="page" />
      </>,
    );
    expect(await screen.findByText('badge 30000')).toBeInTheDocument();
    expect(screen.getByText('page 30000')).toBeInTheDocument();
    expect(download).toHaveBeenCalledTimes(1);
    expect(await loadQueryClient()).toBe(await download.mock.results[0]!.value);
  });

  it('a failed download leaves the part out, and the next mount downloads again', async () => {
    const download = vi.fn<() => Promise<QueryClient>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(createQueryClient());
    configureQueryClient(download);
    const Badge = onDemand(queried(() => Promise.resolve(Probe)));
    const { container, unmount } = render(<Badge name="badge" />);
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
    unmount();
    render(<Badge name="badge" />);
    expect(await screen.findByText('badge 30000')).toBeInTheDocument();
    expect(download).toHaveBeenCalledTimes(2);
  });

  it("a test's own client is used as it is, with nothing to download", async () => {
    const client = createQueryClient();
    configureQueryClient(client);
    expect(await loadQueryClient()).toBe(client);
  });
});
