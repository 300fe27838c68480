import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { TemplateScreen } from '@/features/orgs/template/template-screen';
import { failure } from './api/answer';
import { templatesAre, themesAre } from './api/catalogue';
import { aTemplate, orgTemplateIs } from './api/org-template';
import { calls, server } from './api/server';
import { aTemplate as aLayout, aTheme } from './fixtures';
import { renderScreen } from './helpers';

// The Template screen's look and layout as one line each (docs/product.md §2, Organisations): the
// chosen preset or layout by name, and Change, which opens the gallery in a dialog on the chosen
// tile; a choice closes it, gives the focus back and is what Save sends. The form underneath
// keeps what was typed.

const themes = [
  aTheme(),
  aTheme({ id: 2, name: 'Midnight', background_color: '#0f172a', is_default: false }),
  aTheme({ id: 3, name: 'Forest', background_color: '#14532d', is_default: false }),
];
const layouts = [aLayout(), aLayout({ id: 2, description: 'Two columns on a wide screen' })];
const saves = () => calls.filter((call) => call.method === 'PUT' && call.path === '/v1/orgs/org1/template');
const summaryOf = (name: 'look' | 'layout') =>
  screen.getByRole('button', { name: `Change ${name}` }).closest('div')!.textContent;

const open = async (stored = aTemplate({ theme_id: 2, template_id: 2 })) => {
  server.use(...orgTemplateIs(stored));
  renderScreen(<TemplateScreen orgId="org1" />);
  await screen.findByRole('heading', { name: 'Template' }, { timeout: 3000 });
  await waitFor(() => expect(summaryOf('look')).toContain('Midnight'));
};

beforeEach(() => server.use(themesAre(themes), templatesAre(layouts)));

describe('the Template screen’s look and layout choices', () => {
  it('shows the chosen preset and layout in one line each, with no gallery until Change', async () => {
    await open();
    expect(summaryOf('look')).toContain('Midnight');
    expect(summaryOf('layout')).toContain('Professional');
    expect(summaryOf('layout')).toContain('Two columns on a wide screen');
    // No tile of either gallery is on the screen.
    expect(screen.queryByRole('button', { name: /Forest/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Custom Theme/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Each card keeps its own layout' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change look' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('Change opens the gallery on the chosen tile; a choice closes it, updates the line and gives the focus back', async () => {
    const user = userEvent.setup();
    await open();
    await user.selectOptions(screen.getByLabelText('Signature layout on every card'), 'compact');
    const change = screen.getByRole('button', { name: 'Change look' });
    await user.click(change);
    const gallery = await screen.findByRole('dialog', { name: 'Choose the look' });
    const midnight = within(gallery).getByRole('button', { name: /Midnight/ });
    expect(midnight).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(midnight).toHaveFocus());
    // Each tile draws the work card in its look.
    expect(
      within(gallery)
        .getByRole('button', { name: /Forest/ })
        .querySelector('[data-preview-width]'),
    ).not.toBeNull();
    await user.click(within(gallery).getByRole('button', { name: /Forest/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(summaryOf('look')).toContain('Forest');
    await waitFor(() => expect(change).toHaveFocus());
    // What was chosen before the gallery opened is kept.
    expect(screen.getByLabelText('Signature layout on every card')).toHaveValue('compact');
  });

  it('is walked with the keyboard, and Escape closes it with the choice unchanged', async () => {
    const user = userEvent.setup();
    await open();
    const change = screen.getByRole('button', { name: 'Change layout' });
    change.focus();
    await user.keyboard('{Enter}');
    const gallery = await screen.findByRole('dialog', { name: 'Choose the layout' });
    await waitFor(() => expect(within(gallery).getByRole('button', { name: /Professional/ })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(summaryOf('layout')).toContain('Professional');
    await waitFor(() => expect(change).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Choose the layout' });
    within(again)
      .getByRole('button', { name: /^Classic/ })
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(summaryOf('layout')).toContain('Classic');
  });

  it('Save sends the preset, the layout and the own colours chosen in the galleries', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Change layout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Choose the layout' })).getByRole('button', {
        name: 'Each card keeps its own layout',
      }),
    );
    await waitFor(() => expect(summaryOf('layout')).toContain('Each card keeps its own layout'));
    await user.click(screen.getByRole('button', { name: 'Change look' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Choose the look' })).getByRole('button', { name: /Forest/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ theme_id: 3, custom_theme: null, template_id: null });

    // The organisation's own colours: the line says so, and their fields are on the screen.
    await user.click(screen.getByRole('button', { name: 'Change look' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Choose the look' })).getByRole('button', {
        name: /Custom Theme/,
      }),
    );
    await waitFor(() => expect(summaryOf('look')).toContain('Custom colours'));
    expect(screen.getByLabelText('Accent colour')).toHaveValue('#2563eb');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toMatchObject({ theme_id: 3, custom_theme: { background_color: '#14532d' } });
  });

  it('shows the API’s refusal of a preset or a layout beside its line', async () => {
    const user = userEvent.setup();
    await open();
    server.use(
      http.put('/v1/orgs/org1/template', () =>
        failure(422, 'Validation failed', {
          theme_id: ['The selected theme does not exist'],
          template_id: ['The selected template does not exist'],
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Change look' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Choose the look' })).getByRole('button', { name: /Forest/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('The selected theme does not exist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change look' })).toHaveAccessibleDescription(
      /Forest.*The selected theme does not exist/,
    );
    expect(screen.getByRole('button', { name: 'Change layout' })).toHaveAccessibleDescription(
      /Professional.*The selected template does not exist/,
    );
  });
});
