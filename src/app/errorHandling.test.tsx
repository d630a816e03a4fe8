import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../api/errors';
import { getMe } from '../api/users';
import { DataState } from '../components/DataState';
import { toastStore } from '../lib/toast';
import { testDb } from '../test/demo';
import { renderWithProviders } from '../test/render';
import { RouteErrorBoundary } from './RouteError';

function Me() {
  const query = useQuery({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal) });
  return <DataState query={query}>{(me) => <p>{me.nickname}</p>}</DataState>;
}

describe('error handling', () => {
  it('a route that throws shows the error in words with a retry that renders it again', async () => {
    let broken = true;
    function Page() {
      if (broken) throw new ContractError('GET /users/me', [{ path: 'id', message: 'Invalid input' }]);
      return <h1>Recovered</h1>;
    }
    renderWithProviders(
      <RouteErrorBoundary>
        <Page />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByText('Unexpected response from the server.')).toBeInTheDocument();
    expect(screen.getByText(/GET \/users\/me: id — Invalid input/)).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
  });

  it('a failed background refetch keeps the data on screen and raises a toast', async () => {
    const { queryClient } = renderWithProviders(<Me />);
    expect(await screen.findByText('TIENDA_DEMO')).toBeInTheDocument();
    testDb().config.failures.push({ method: 'GET', path: '/users/me', status: 500, times: 1 });
    await queryClient.refetchQueries({ queryKey: ['me'] });
    await waitFor(() => expect(toastStore.get()).toHaveLength(1));
    expect(screen.getByText('TIENDA_DEMO')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a first load that fails shows the error with a retry button, not a blank view', async () => {
    testDb().config.failures.push({ method: 'GET', path: '/users/me', status: 'network', times: 1 });
    renderWithProviders(<Me />);
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('TIENDA_DEMO')).toBeInTheDocument();
  });
});
