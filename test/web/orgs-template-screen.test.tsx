import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CUSTOM_THEME } from '@shared/constants';
import { TemplateScreen } from '@/features/orgs/template/template-screen';
import { failure } from './api/answer';
import { aTemplate, orgTemplateIs } from './api/org-template';
import { themesAre, templatesAre } from './api/catalogue';
import { calls, server } from './api/server';
import { aTemplate as aLayout, aTheme } from './fixtures';
import { expectFieldError, renderScreen } from './helpers';

// The organisation's Template tab, alone (docs/decisions/0105-org-templates.md), against a fake of
// GET/PUT /v1/orgs/{id}/template whose answers are parsed with the API's response schemas.

const stored = aTemplate({
  org_id: 'org1',
  org_name: 'Acme Ltd',
  rules: { ...aTemplate().rules, company: 'locked', job_title: 'required' },
  locked_values: { company: 'Acme Ltd' },
  required_links: [{ title: 'Acme', url: 'https://acme.example.com' }],
});
const saves = () => calls.filter((call) => call.method === 'PUT' && call.path === '/v1/orgs/org1/template');
const saveBar = () => screen.queryByRole('region', { name: 'Unsaved changes' });
const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.textContent);

const open = async () => {
  renderScreen(<TemplateScreen orgId="org1" />);
  return screen.findByRole('heading', { name: 'Template' }, { timeout: 3000 });
};

beforeEach(() => server.use(...orgTemplateIs(stored), themesAre([aTheme()]), templatesAre([aLayout()])));

describe('the Template screen', () => {
  it('shows the stored template: each field’s rule, the locked value and the links every card carries', async () => {
    await open();
    expect(
      screen.getByText('How every work card of Acme Ltd looks, and what its members may change'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rule for Company' })).toHaveValue('locked');
    expect(screen.getByRole('combobox', { name: 'Rule for Job title' })).toHaveValue('required');
    expect(screen.getByRole('combobox', { name: 'Rule for Pronouns' })).toHaveValue('optional');
    expect(screen.getByLabelText('Value on every card: Company')).toHaveValue('Acme Ltd');
    expect(screen.queryByLabelText('Value on every card: Job title')).toBeNull();
    expect(screen.getByLabelText('Title')).toHaveValue('Acme');
    expect(screen.getByLabelText('Address (https://)')).toHaveValue('https://acme.example.com');
  });

  it('saves a changed rule, a new link and a colour, saying what the API said', async () => {
    const user = userEvent.setup();
    await open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule for Pronouns' }), 'hidden');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule for Company' }), 'required');
    expect(screen.queryByLabelText('Value on every card: Company')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule for Location' }), 'locked');
    await user.type(screen.getByLabelText('Value on every card: Location'), 'London');
    await user.click(screen.getByRole('button', { name: 'Change look' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Choose the look' })).getByRole('button', {
        name: /Custom Theme/,
      }),
    );
    const accent = await screen.findByLabelText('Accent colour');
    await user.clear(accent);
    await user.type(accent, '#0a7d5c{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add a link' }));
    await user.type(screen.getAllByLabelText('Title')[1]!, 'Acme on LinkedIn');
    await user.type(screen.getAllByLabelText('Address (https://)')[1]!, 'https://www.linkedin.com/company/acme');
    await user.click(within(saveBar()!).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template saved; 2 work cards follow it')).toBeInTheDocument();
    // Saved: nothing is left unsaved, so the bar goes and the message covers nothing.
    expect(saveBar()).toBeNull();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body).toEqual({
      theme_id: null,
      template_id: null,
      custom_theme: { ...DEFAULT_CUSTOM_THEME, background_image: null, accent_color: '#0a7d5c' },
      signature_layout: null,
      rules: { ...stored.rules, company: 'required', pronouns: 'hidden', location: 'locked' },
      locked_values: { location: 'London' },
      required_links: [
        { title: 'Acme', url: 'https://acme.example.com' },
        { title: 'Acme on LinkedIn', url: 'https://www.linkedin.com/company/acme' },
      ],
    });
  });

  it('removes a link, and offers no more than the API takes', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Remove Acme' }));
    expect(screen.queryByLabelText('Title')).toBeNull();
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Add a link' }));
    expect(screen.getAllByLabelText('Title')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add a link' })).toBeNull();
  });

  it('offers Save in the shared save bar once something changes, and Discard puts the stored template back', async () => {
    const user = userEvent.setup();
    await open();
    expect(saveBar()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save template' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule for Pronouns' }), 'hidden');
    expect(within(saveBar()!).getByText('You have unsaved changes')).toBeInTheDocument();
    await user.click(within(saveBar()!).getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('combobox', { name: 'Rule for Pronouns' })).toHaveValue('optional');
    expect(saveBar()).toBeNull();
    expect(saves()).toEqual([]);
  });

  it('says the save under way and the API’s refusal in the save bar, not in a toast over it, each field’s message next to it', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.put('/v1/orgs/org1/template', async () => {
        await held;
        return failure(422, 'Validation failed', {
          'locked_values.company': ['A locked field needs the value every card shows'],
        });
      }),
    );
    const user = userEvent.setup();
    await open();
    await user.clear(screen.getByLabelText('Value on every card: Company'));
    await user.click(within(saveBar()!).getByRole('button', { name: 'Save template' }));
    expect(await within(saveBar()!).findByText('Saving your changes...')).toBeInTheDocument();
    answer();
    expect(await within(saveBar()!).findByRole('alert')).toHaveTextContent('Validation failed');
    expect(toasts()).toEqual([]);
    expectFieldError(
      screen.getByLabelText('Value on every card: Company'),
      'A locked field needs the value every card shows',
    );
  });

  it('shows a member’s refusal as the API words it', async () => {
    server.use(
      http.put('/v1/orgs/org1/template', () =>
        failure(403, 'Only the owner and admins of the organisation can do this'),
      ),
    );
    const user = userEvent.setup();
    await open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule for Pronouns' }), 'hidden');
    await user.click(within(saveBar()!).getByRole('button', { name: 'Save template' }));
    await vi.waitFor(() =>
      expect(within(saveBar()!).getByRole('alert')).toHaveTextContent(
        'Only the owner and admins of the organisation can do this',
      ),
    );
  });
});
