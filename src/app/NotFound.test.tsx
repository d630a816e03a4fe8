import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { urls } from '../lib/urls';
import { renderWithProviders } from '../test/render';
import { NotFound } from './NotFound';

describe('404 page', () => {
  it('names the missing address and links to the questions', () => {
    renderWithProviders(<NotFound />, { path: '/nowhere/at-all' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no page at /nowhere/at-all.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to questions' })).toHaveAttribute('href', urls.questions.index());
  });
});
