import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { urls } from '../../lib/urls';
import { sessionStore } from '../../lib/session';
import { itemCategories, server, testDb } from '../../test/demo';
import { answerGet, failGet, holdGet } from '../../test/http';
import { renderWithProviders } from '../../test/render';
import { Component as CategoryPages } from './routes';

const renderAt = (path: string) => renderWithProviders(<CategoryPages />, { path, route: '/categories/*' });
const topLevel = '/sites/:site/categories';
const phones = itemCategories.phones;

describe('categories site page', () => {
  it('shows loading while the top-level categories are on their way', async () => {
    holdGet(topLevel);
    renderAt(urls.categories.index({ site: 'MLA' }));
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('a site without categories says so', async () => {
    answerGet(topLevel, []);
    renderAt(urls.categories.index({ site: 'MLA' }));
    expect(await screen.findByText('This site has no categories.')).toBeInTheDocument();
  });

  it('a failed list is an alert in words with a Retry that lists the categories', async () => {
    const recover = failGet(topLevel);
    renderAt(urls.categories.index({ site: 'MLA' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: phones.parent.name })).toBeInTheDocument();
  });
});

describe('category links', () => {
  it('read the category where the pointer rests, not where it was pressed', async () => {
    renderAt(urls.categories.index({ site: 'MLA' }));
    const pressed = await screen.findByRole('link', { name: phones.parent.name });
    const rested = screen.getByRole('link', { name: itemCategories.notebooks.parent.name });
    const reads: string[] = [];
    const onRequest = ({ request }: { request: Request }) => void reads.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      // The pressed link's page reads its category itself; its rest timer must not read it again.
      fireEvent.pointerEnter(pressed);
      fireEvent.pointerDown(pressed);
      fireEvent.pointerEnter(rested);
      vi.advanceTimersByTime(200);
      vi.useRealTimers();
      // Both timers were due at once: by the time the rested link's read starts, the pressed one's would have.
      const read = (id: string) => reads.filter((path) => path.endsWith(`/categories/${id}`));
      await waitFor(() => expect(read(itemCategories.notebooks.parent.id)).toHaveLength(1));
      expect(read(phones.parent.id)).toEqual([]);
    } finally {
      vi.useRealTimers();
      server.events.removeListener('request:start', onRequest);
    }
  });
});

describe('category page', () => {
  it('shows loading while the category is on its way', async () => {
    holdGet('/categories/:id');
    renderAt(urls.categories.detail('MLA', phones.id));
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('an unknown category is a not-found page quoting the server, not an error', async () => {
    renderAt(urls.categories.detail('MLA', 'MLA999999'));
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the top-level categories' })).toBeInTheDocument();
  });

  it('a failed read is an alert in words with a Retry that shows the category', async () => {
    const recover = failGet('/categories/:id');
    renderAt(urls.categories.detail('MLA', phones.id));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server failed (500). Try again in a moment.');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: phones.name, level: 1 })).toBeInTheDocument();
  });
});

describe('category addresses from the API', () => {
  const withAddresses = (picture: string, permalink: string) => {
    const { resource } = testDb().categories.categories.get(phones.id)!;
    Object.assign(resource, { picture, permalink });
  };
  const marketplaceLink = () => screen.queryByRole('link', { name: /See this category on the marketplace/ });

  it('shows an https picture and permalink', async () => {
    withAddresses('https://http2.mlstatic.com/phones.png', 'https://www.mercadolibre.com.ar/c/phones');
    const { container } = renderAt(urls.categories.detail('MLA', phones.id));
    await screen.findByRole('heading', { name: phones.name, level: 1 });
    expect(marketplaceLink()).toHaveAttribute('href', 'https://www.mercadolibre.com.ar/c/phones');
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://http2.mlstatic.com/phones.png');
  });

  it('never renders a javascript: permalink as a link nor a script address as a picture', async () => {
    withAddresses('javascript:alert(1)', 'javascript:alert(document.cookie)');
    const { container } = renderAt(urls.categories.detail('MLA', phones.id));
    await screen.findByRole('heading', { name: phones.name, level: 1 });
    expect(marketplaceLink()).not.toBeInTheDocument();
    expect(container.querySelector('img')).not.toBeInTheDocument();
    expect(container.querySelector('[href^="javascript"], [src^="javascript"]')).not.toBeInTheDocument();
  });

  it('in live mode shows no plain-http picture', async () => {
    sessionStore.set((session) => ({ ...session, mode: 'live' }));
    withAddresses('http://pictures.example/phones.png', 'https://www.mercadolibre.com.ar/c/phones');
    const { container } = renderAt(urls.categories.detail('MLA', phones.id));
    await screen.findByRole('heading', { name: phones.name, level: 1 });
    expect(marketplaceLink()).toBeInTheDocument();
    expect(container.querySelector('img')).not.toBeInTheDocument();
  });
});
