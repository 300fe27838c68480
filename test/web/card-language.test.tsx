import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGES } from '@shared/i18n/languages';
import { Component as DashboardLayout } from '@/app/routes/dashboard/layout';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { authStore } from '@/lib/auth-store';
import { getCookie } from '@/lib/cookies';
import { profileIs, profileUpdatedFrom } from './api/profile';
import { holdSession } from './api/session';
import { calls, server } from './api/server';
import { aUser } from './fixtures';
import { renderRoutes, renderScreen } from './helpers';

// The dashboard speaks the account's language; a card's language is what its visitors read, chosen
// on the Profile screen and saved with the profile (docs/product.md §8).
afterEach(() => vi.restoreAllMocks());

describe("the dashboard follows the account's language, not the card's", () => {
  const signedIn = (user: ReturnType<typeof aUser>) => {
    holdSession('access', 'refresh');
    server.use(profileIs(user));
    renderRoutes(
      [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <h1>Overview</h1> }] }],
      '/dashboard',
    );
    act(() => authStore.setUser(user));
  };

  it('stays English for an English account whose card speaks Spanish', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    signedIn(aUser({ language: 'es', account_language: 'en' }));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(getCookie(LANGUAGE_COOKIE)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('switches to German for a German account whose card speaks English', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    signedIn(aUser({ language: 'en', account_language: 'de' }));
    await waitFor(() => expect(getCookie(LANGUAGE_COOKIE)).toBe('de'));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("the Profile screen's card language", () => {
  const updates = () => calls.filter((call) => call.path === '/v1/user/profile/update');

  it("shows the card's language in six languages, with what it is for", async () => {
    server.use(profileIs(aUser({ language: 'fr', account_language: 'en' })));
    renderScreen(<ProfileScreen />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Card language' });
    expect(select).toHaveDisplayValue('Français');
    expect(select).toHaveAccessibleDescription(
      'The language visitors see on your card, its contact form and its vCard.',
    );
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual(
      LANGUAGES.map((language) => [language, LANGUAGE_NAMES[language]]),
    );
  });

  it("saves `language` with the profile and leaves the dashboard's language alone", async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const jane = aUser({ language: 'en', account_language: 'en' });
    server.use(profileIs(jane), profileUpdatedFrom(jane));
    const user = userEvent.setup();
    renderScreen(<ProfileScreen />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Card language' });
    await user.selectOptions(select, 'Español');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    // The card's language alone (the only field changed), in the profile update.
    expect(updates().map((call) => Object.fromEntries((call.body as FormData).entries()))).toEqual([
      { language: 'es' },
    ]);
    expect(calls.filter((call) => call.path === '/v1/user/language')).toEqual([]);
    expect(select).toHaveDisplayValue('Español');
    // The dashboard keeps speaking the account's language.
    expect(getCookie(LANGUAGE_COOKIE)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('user_profile')!)).toMatchObject({ language: 'es', account_language: 'en' });
  });
});
