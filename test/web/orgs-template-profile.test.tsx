import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { authStore } from '@/lib/auth-store';
import { aCard, cardsAre } from './api/cards';
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
