import { act, screen, waitFor } from '@testing-library/react';
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
  await screen.findByRole('button', { name: /Midnight/ });
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
  it('offers each preset and layout with a preview of a work card, and sends the chosen preset, layout and signature', async () => {
    const user = userEvent.setup();
    await open();
    // Each tile draws the card in that look (the previews are the Themes and Templates screens').
    const midnight = screen.getByRole('button', { name: /Midnight/ });
    expect(midnight.querySelector('[data-preview-width="320"]')).not.toBeNull();
    expect(
      screen.getByRole('button', { name: /Professional/ }).querySelector('[data-preview-width="800"]'),
    ).not.toBeNull();
    await user.click(midnight);
    expect(midnight).toHaveAttribute('aria-pressed', 'true');
    const professional = screen.getByRole('button', { name: /Professional/ });
    await user.click(professional);
    expect(professional).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByLabelText('Signature layout on every card'), 'banner');
    const body = await save(user);
    expect(body).toMatchObject({ theme_id: 2, custom_theme: null, template_id: 2, signature_layout: 'banner' });
  });

  it('sends the organisation’s own colours, font, button style and uploaded background', async () => {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: /Custom Theme/ }));
    await user.selectOptions(screen.getByLabelText('Font Family'), 'Merriweather, serif');
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
    await user.click(screen.getByRole('button', { name: /Custom Theme/ }));
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('The selected template does not exist')).toBeInTheDocument();
    expect(screen.getByText('Use an https:// address')).toBeInTheDocument();
    expectFieldError(
      screen.getByLabelText('Signature layout on every card'),
      'The signature layout must be one of: standard, compact, banner',
    );
  });
});
