import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { authStore } from '@/lib/auth-store';
import { aCard, cardsAre } from './api/cards';
import { orgTemplateResponse } from '@shared/schemas/org-template';
import { answer, failure } from './api/answer';
import { aTemplate, orgTemplateIs } from './api/org-template';
import { profileIs } from './api/profile';
import { calls, server } from './api/server';
import { aUser } from './fixtures';
import { expectFieldError, renderScreen } from './helpers';

// A work card in the profile editor (docs/decisions/0105-org-templates.md): the organisation's
// template locks some fields (read-only, a lock and who set them), hides others (not shown) and
// requires some (marked, and never emptied). A personal card's fields stay all the member's own.

const jane: User = aUser({ company: 'Acme Ltd', job_title: 'Engineer', pronouns: 'she/her' });
const template = aTemplate({
  org_id: 'org1',
  org_name: 'Acme Ltd',
  rules: { ...aTemplate().rules, company: 'locked', job_title: 'required', pronouns: 'hidden', cover: 'hidden' },
  locked_values: { company: 'Acme Ltd' },
});
const COVER = /Upload cover/i;
const PHOTO = /Upload (photo|avatar)/i;
const updates = () => calls.filter((call) => call.path === '/v1/user/profile/update');
const templateReads = () => calls.filter((call) => call.path === '/v1/orgs/org1/template').length;

const open = async () => {
  renderScreen(<ProfileScreen />);
  return screen.findByLabelText<HTMLInputElement>('Name');
};

beforeEach(() => {
  authStore.setUser(jane);
  server.use(profileIs(jane), ...orgTemplateIs(template));
});

describe('a work card’s profile', () => {
  beforeEach(() => server.use(...cardsAre([aCard({ org_id: 'org1' })])));

  it('shows a locked field read-only with a lock saying who set it, and no hidden field', async () => {
    await open();
    const company = await screen.findByLabelText<HTMLInputElement>('Company');
    await vi.waitFor(() => expect(company).toHaveAttribute('readonly'));
    expect(company).toHaveValue('Acme Ltd');
    expect(company).toHaveAccessibleDescription('Set by Acme Ltd');
    expect(screen.queryByLabelText('Pronouns')).toBeNull();
    expect(screen.queryByText(COVER)).toBeNull();
    expect(screen.getByText(PHOTO)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
  });

  it('shows a locked photo and cover with the lock and who set them, and no control to change them', async () => {
    const pictured = {
      ...jane,
      avatar_url: '/media/avatars/a/b/128.webp',
      cover_image_url: '/media/covers/a/b/720.webp',
    };
    server.use(
      profileIs(pictured),
      ...orgTemplateIs({ ...template, rules: { ...template.rules, photo: 'locked', cover: 'locked' } }),
    );
    authStore.setUser(pictured);
    await open();
    await vi.waitFor(() => expect(screen.getAllByText('Set by Acme Ltd')).toHaveLength(3));
    expect(screen.getByAltText('Profile photo')).toBeInTheDocument();
    expect(screen.getByAltText('Cover image')).toBeInTheDocument();
    for (const control of [/photo/i, /cover/i, /^Adjust/i])
      expect(screen.queryAllByRole('button', { name: control })).toEqual([]);
    expect(screen.queryByLabelText(/photo|cover/i, { selector: 'input[type=file]' })).toBeNull();
  });

  it('marks a required field and refuses emptying it with the organisation’s message, sending nothing', async () => {
    const user = userEvent.setup();
    await open();
    const job = screen.getByLabelText<HTMLInputElement>('Job title');
    await vi.waitFor(() => expect(job).toHaveAttribute('aria-required', 'true'));
    expect(job).toHaveAccessibleDescription('Required by Acme Ltd');
    await user.clear(job);
    await user.click(
      within(screen.getByRole('region', { name: 'Unsaved changes' })).getByRole('button', { name: 'Save Profile' }),
    );
    await vi.waitFor(() => expectFieldError(job, 'Job title is required by your organisation'));
    expect(updates()).toEqual([]);
  });
});

describe('a work card’s template on its way', () => {
  beforeEach(async () => {
    server.use(...cardsAre([aCard({ org_id: 'org1' })]));
    // The form's chunk loaded already: without the wait for the template it would show at once.
    await import('@/features/profile/components/profile-form');
  });

  it('shows the loading state, never an unlocked field, until the template is read', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/v1/orgs/org1/template', async () => {
        await held;
        return answer(orgTemplateResponse, { success: true, data: template });
      }),
    );
    renderScreen(<ProfileScreen />);
    await vi.waitFor(() => expect(templateReads()).toBe(1));
    await expect(screen.findByLabelText('Company', {}, { timeout: 800 })).rejects.toThrow();
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    act(() => release());
    const company = await screen.findByLabelText('Company');
    expect(company).toHaveAttribute('readonly');
  });

  it('shows the load error with Retry, not an unlocked form, when the template cannot be read', async () => {
    server.use(http.get('/v1/orgs/org1/template', () => failure(500, 'Internal server error')));
    renderScreen(<ProfileScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your organisation’s rules for this card could not be loaded');
    expect(screen.queryByLabelText('Company')).toBeNull();
    server.use(...orgTemplateIs(template));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Company')).toHaveAttribute('readonly');
  });

  it('reads it again when the screen opens again, showing the cached one meanwhile', async () => {
    const { router } = renderScreen(<ProfileScreen />);
    const job = await screen.findByLabelText('Job title');
    await vi.waitFor(() => expect(job).toHaveAttribute('aria-required', 'true'));
    expect(job).not.toHaveAttribute('readonly');
    // An admin locks the job title meanwhile.
    server.use(
      ...orgTemplateIs({
        ...template,
        rules: { ...template.rules, job_title: 'locked' },
        locked_values: { company: 'Acme Ltd', job_title: 'Engineer' },
      }),
    );
    await act(() => router.navigate('/elsewhere'));
    await screen.findByText('Another screen');
    await act(() => router.navigate('/dashboard'));
    expect(screen.queryByRole('status', { name: 'Loading profile' })).toBeNull();
    expect(await screen.findByLabelText('Company')).toHaveAttribute('readonly');
    await vi.waitFor(() => expect(screen.getByLabelText('Job title')).toHaveAttribute('readonly'));
    expect(templateReads()).toBe(2);
  });
});

describe('a personal card’s profile', () => {
  beforeEach(() => server.use(...cardsAre([aCard({ org_id: null })])));

  it('keeps every field the member’s own: none locked, none hidden, none required', async () => {
    await open();
    const company = screen.getByLabelText<HTMLInputElement>('Company');
    expect(company).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Pronouns')).toHaveValue('she/her');
    expect(screen.getByText(COVER)).toBeInTheDocument();
    expect(screen.getByLabelText('Job title')).not.toHaveAttribute('aria-required');
    expect(screen.queryByText(/Set by/)).toBeNull();
    expect(calls.some((call) => call.path.includes('/template'))).toBe(false);
  });
});
