import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../api/errors';
import { getMe } from '../api/users';
import { DataState } from '../components/DataState';
import { LocaleProvider } from '../lib/i18n';
import { toastStore } from '../lib/toast';
import { testDb } from '../test/demo';
import { createQueryClient } from './queryClient';
import { RouteErrorBoundary } from './RouteError';

function Me() {
  const query = useQuery({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal) });
  return <DataState query={query}>{(me) => <p>{me.nickname}</p>}</DataState>;
}

function renderMe(client: QueryClient) {
  render(
    <LocaleProvider>
      <QueryClientProvider client={client}>
        <Me />
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

describe('error handling', () => {
  it('a route that throws shows the error in words with a retry that renders it again', async () => {
    let broken = true;
    function Page() {
      if (broken) throw new ContractError('GET /users/me', [{ path: 'id', message: 'Invalid input' }]);
      return <h1>Recovered</h1>;
    }
    render(
      <LocaleProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <RouteErrorBoundary>
              <Page />
            </RouteErrorBoundary>
          </MemoryRouter>
        </QueryClientProvider>
      </LocaleProvider>,
    );
    expect(await screen.findByText('Unexpected response from the server.')).toBeInTheDocument();
    expect(screen.getByText(/GET \/users\/me: id — Invalid input/)).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
  });

  it('a failed background refetch keeps the data on screen and raises a toast', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    renderMe(client);
    expect(await screen.findByText('TIENDA_DEMO')).toBeInTheDocument();
    testDb().config.failures.push({ method: 'GET', path: '/users/me', status: 500, times: 1 });
    await client.refetchQueries({ queryKey: ['me'] });
    await waitFor(() => expect(toastStore.get()).toHaveLength(1));
    expect(screen.getByText('TIENDA_DEMO')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a first load that fails shows the error with a retry button, not a blank view', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    testDb().config.failures.push({ method: 'GET', path: '/users/me', status: 'network', times: 1 });
    renderMe(client);
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('TIENDA_DEMO')).toBeInTheDocument();
  });
});
