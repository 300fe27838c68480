import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TemplateScreen } from '@/features/orgs/template/template-screen';
import { failure } from './api/answer';
import { templatesAre, themesAre } from './api/catalogue';
import { aTemplate, orgTemplateIs } from './api/org-template';
import { calls, server } from './api/server';
import { FakeXhr } from './fake-xhr';
import { aTemplate as aLayout, aTheme } from './fixtures';
import { expectFieldError, renderScreen } from './helpers';

// The Template screen's look (docs/product.md §2, Organisations): a preset or the organisation's
// own colours, font, buttons and background, a layout of the catalogue and the e-mail signature's
// layout, each sent with the whole template; the API's refusals beside their fields.

const ORIGIN = 'http://localhost:3000';
const BACKGROUND = `${ORIGIN}/media/backgrounds/0123456789abcdef0123456789abcdef/fedcba9876543210fedcba9876543210/1280.jpg`;
const stored = aTemplate({ org_id: 'org1', org_name: 'Acme Ltd' });
const saves = () => calls.filter((call) => call.method === 'PUT' && call.path === '/v1/orgs/org1/template');
const themes = [aTheme(), aTheme({ id: 2, name: 'Midnight', background_color: '#0f172a', is_default: false })];

const open = async () => {
  renderScreen(<TemplateScreen orgId="org1" />);
  await screen.findByRole('heading', { name: 'Template' }, { timeout: 3000 });
};
/** Change, then a tile of its gallery (orgs-template-choices.test.tsx tests the dialog itself). */
const choose = async (user: ReturnType<typeof userEvent.setup>, what: 'look' | 'layout', tile: RegExp) => {
  await user.click(screen.getByRole('button', { name: `Change ${what}` }));
  const gallery = await screen.findByRole('dialog', { name: `Choose the ${what}` });
  const button = within(gallery).getByRole('button', { name: tile });
  await user.click(button);
  return button;
};
const save = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Save template' }));
  await waitFor(() => expect(saves()).toHaveLength(1));
  return saves()[0]!.body as Record<string, unknown>;
};

beforeEach(() =>
  server.use(...orgTemplateIs(stored), themesAre(themes), templatesAre([aLayout(), aLayout({ id: 2 })])),
);

describe('the Template screen’s look', () => {
  it('offers each preset and layout in its gallery with a preview of a work card, and sends the chosen preset, layout and signature', async () => {
    const user = userEvent.setup();
    await open();
    // Each tile draws the card in that look (the previews are the Themes and Templates screens').
    await user.click(screen.getByRole('button', { name: 'Change look' }));
    const looks = await screen.findByRole('dialog', { name: 'Choose the look' });
    const midnight = within(looks).getByRole('button', { name: /Midnight/ });
    expect(midnight.querySelector('[data-preview-width="320"]')).not.toBeNull();
    await user.click(midnight);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Change layout' }));
    const layouts = await screen.findByRole('dialog', { name: 'Choose the layout' });
    const professional = within(layouts).getByRole('button', { name: /Professional/ });
    expect(professional.querySelector('[data-preview-width="800"]')).not.toBeNull();
    await user.click(professional);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.selectOptions(screen.getByLabelText('Signature layout on every card'), 'banner');
    const body = await save(user);
    expect(body).toMatchObject({ theme_id: 2, custom_theme: null, template_id: 2, signature_layout: 'banner' });
  });

  it('sends the organisation’s own colours, font, button style and uploaded background', async () => {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    await open();
    await choose(user, 'look', /Custom Theme/);
    await user.selectOptions(await screen.findByLabelText('Font Family'), 'Merriweather, serif');
    await user.click(screen.getByRole('radio', { name: 'Outline' }));
    await user.upload(
      screen.getByLabelText('Background image file'),
      new File([new Uint8Array(500)], 'bg.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/v1/orgs/org1/template/background-image']);
    act(() => {
      xhr.status = 200;
      xhr.responseText = JSON.stringify({ success: true, data: { background_image: BACKGROUND }, message: 'Uploaded' });
      xhr.onload?.();
    });
    expect(await screen.findByRole('button', { name: 'Change background' })).toBeTruthy();
    const body = await save(user);
    expect(body.custom_theme).toMatchObject({
      font_family: 'Merriweather, serif',
      button_style: 'outline',
      background_image: BACKGROUND,
    });
    vi.unstubAllGlobals();
  });

  it('shows the API’s refusal of the layout, the background and the signature beside each', async () => {
    const user = userEvent.setup();
    await open();
    server.use(
      http.put('/v1/orgs/org1/template', () =>
        failure(422, 'Validation failed', {
          template_id: ['The selected template does not exist'],
          'custom_theme.background_image': ['Use an https:// address'],
          signature_layout: ['The signature layout must be one of: standard, compact, banner'],
        }),
      ),
    );
    await choose(user, 'look', /Custom Theme/);
    await user.click(await screen.findByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('The selected template does not exist')).toBeInTheDocument();
    expect(screen.getByText('Use an https:// address')).toBeInTheDocument();
    expectFieldError(
      screen.getByLabelText('Signature layout on every card'),
      'The signature layout must be one of: standard, compact, banner',
    );
  });
});
