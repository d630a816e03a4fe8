import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../core/roles.ts';
import { getAnswerTemplates } from '../../api/answerTemplates';
import { demoSeller, otherSeller } from '../../test/demo';
import { renderWithProviders } from '../../test/render';
import { actAs } from '../../test/roles';
import { TemplatesDialog } from './TemplatesDialog';

const account = String(demoSeller.id);

/** Demo mode's session for `role` on the demo seller's account (and `otherRole` on the other's). */
const signedInAs = (role: Role, otherRole?: Role) => actAs(role, otherRole ? [{ seller: otherSeller, role: otherRole }] : []);

const deviceTemplate = { id: 'd1', name: 'Mío', text: 'Una plantilla de este dispositivo.' };

describe('the templates dialog', () => {
  it('lets an answerer change the team’s templates, and carries this device’s over', async () => {
    localStorage.setItem('seller-desk.questions.templates', JSON.stringify([deviceTemplate]));
    signedInAs('answerer');
    renderWithProviders(<TemplatesDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    expect(await within(dialog).findByText('4. Mío')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Edit Hay stock' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Add template' })).toBeVisible();
  });

  it('shows a viewer the team’s templates without the controls to change them, and carries nothing over', async () => {
    localStorage.setItem('seller-desk.questions.templates', JSON.stringify([deviceTemplate]));
    signedInAs('viewer');
    renderWithProviders(<TemplatesDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    expect(await within(dialog).findByText('1. Hay stock')).toBeVisible();
    expect(within(dialog).getByText('Your role, Viewer, does not include answering, deleting or hiding questions.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Edit Hay stock' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Template name' })).not.toBeInTheDocument();
    expect((await getAnswerTemplates(account)).map((template) => template.name)).toEqual(['Hay stock', 'Envíos', 'Factura']);
  });

  it('shows a question of another account (the queue’s "All my accounts") that account’s templates, by the role there', async () => {
    signedInAs('owner', 'viewer');
    renderWithProviders(<TemplatesDialog open onClose={() => undefined} asAccount={String(otherSeller.id)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    expect(await within(dialog).findByText('1. Em estoque')).toBeVisible();
    expect(within(dialog).queryByText('1. Hay stock')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit Em estoque' })).not.toBeInTheDocument();
    // Why, by the role there: the person owns the active account.
    expect(within(dialog).getByText('Your role, Viewer, does not include answering, deleting or hiding questions.')).toBeVisible();
  });
});
