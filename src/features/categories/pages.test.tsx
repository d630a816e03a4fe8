import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { urls } from '../../lib/urls';
import { itemCategories } from '../../test/demo';
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
