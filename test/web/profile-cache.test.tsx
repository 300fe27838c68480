import { cleanup, screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Theme, User } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { initializeAuth } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';
import { currentUserQueryKey } from '@/lib/current-user';
import { failure } from './api/answer';
import { calls, server } from './api/server';
import { holdSession } from './api/session';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

// docs/product.md §9: the profile is cached 30000 ms in memory and in local storage (user_profile,
// user_profile_time); bypass_profile_cache=true skips it. docs/product.md §3: a themes list is kept
// under `themes`.

// The default API answers GET /v1/user/profile with Jane.
const jane: User = aUser();

const profileReads = () => calls.filter((call) => call.path === '/v1/user/profile').length;

/** Opens Profile Settings with a fresh query cache, as a new visit to the screen would. */
async function openProfile(name = 'Jane Doe') {
  cleanup();
  renderScreen(<ProfileScreen />);
  // The form is a lazy chunk: its first import in a file takes a moment.
  expect(await screen.findByDisplayValue(name, {}, { timeout: 3000 })).toBeInTheDocument();
}

describe('the profile cache', () => {
  it('serves a second read within 30 s without a request', async () => {
    await openProfile();
    expect(profileReads()).toBe(1);
    expect(JSON.parse(localStorage.getItem('user_profile')!)).toMatchObject({ id: 'u1' });
    await openProfile();
    expect(profileReads()).toBe(1);
  });

  it('asks the server again once 30 s have passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await openProfile();
    vi.setSystemTime(Date.now() + 29_000);
    await openProfile();
    expect(profileReads()).toBe(1);
    vi.setSystemTime(Date.now() + 1_000);
    await openProfile();
    expect(profileReads()).toBe(2);
  });

  it('is skipped while bypass_profile_cache=true', async () => {
    await openProfile();
    localStorage.setItem('bypass_profile_cache', 'true');
    await openProfile();
    expect(profileReads()).toBe(2);
  });

  it('is read from local storage after a reload, but never for another account', async () => {
    const written = Date.now();
    localStorage.setItem('user_profile', JSON.stringify({ ...jane, name: 'Jane From Storage' }));
    localStorage.setItem('user_profile_time', String(written));
    authStore.setUser(jane);
    await openProfile('Jane From Storage');
    expect(profileReads()).toBe(0);

    authStore.setUser({ ...jane, id: 'u2', name: 'Someone Else' });
    localStorage.setItem('user_profile', JSON.stringify(jane));
    await openProfile('Jane Doe');
    expect(profileReads()).toBe(1);
  });

  it('never spares startup its check of the session: a fresh cache still meets the 401', async () => {
    holdSession('access-1', 'refresh-1');
    localStorage.setItem('user_profile', JSON.stringify(jane));
    localStorage.setItem('user_profile_time', String(Date.now()));
    server.use(http.all('/v1/*', () => failure(401, 'Invalid or expired token')));
    await initializeAuth();
    expect(calls.map((call) => call.path)).toEqual(['/v1/user/profile', '/v1/auth/refresh']);
    expect(authStore.get()).toMatchObject({ user: null, isAuthenticated: false, isInitialized: true });
    expect(localStorage.getItem('user_profile')).toBeNull();
  });
});

describe('the cached themes list', () => {
  it('paints the theme grid while the fresh list loads', async () => {
    const cached: Theme[] = [
      {
        id: 7,
        name: 'Remembered Sunset',
        background_color: '#fff7ed',
        text_color: '#431407',
        accent_color: '#ea580c',
        font_family: 'Inter, sans-serif',
        background_image: null,
        is_default: false,
      },
    ];
    localStorage.setItem('themes', JSON.stringify(cached));
    // The fresh list never comes in this test.
    server.use(http.get('/v1/user/themes', () => delay('infinite')));
    renderScreen(<ThemesScreen />);
    expect(await screen.findByRole('button', { name: /Remembered Sunset/ })).toBeInTheDocument();
  });
});

describe('a refresh of the profile that fails', () => {
  it('is logged, and the screen keeps the profile it showed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanup();
    const { queryClient } = renderScreen(<ProfileScreen />);
    expect(await screen.findByDisplayValue('Jane Doe', {}, { timeout: 3000 })).toBeInTheDocument();
    server.use(http.get('/v1/user/profile', () => failure(500, 'The database is briefly unavailable')));
    // Past the cache, as a theme's save asks (docs/product.md §4).
    localStorage.setItem('bypass_profile_cache', 'true');
    await queryClient.refetchQueries({ queryKey: currentUserQueryKey });
    expect(logged).toHaveBeenCalledWith('Profile refresh failed', expect.objectContaining({ status: 500 }));
    expect(screen.getByDisplayValue('Jane Doe')).toBeInTheDocument();
    expect(screen.queryByText(/Error loading profile data/)).toBeNull();
    logged.mockRestore();
  });
});

describe('a browser whose storage refuses', () => {
  it('only warns: the profile is read and shown all the same', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(refuse);
    const getItem = vi.spyOn(localStorage, 'getItem').mockImplementation(refuse);
    try {
      await openProfile();
      expect(warned).toHaveBeenCalledWith('Could not cache the profile', expect.any(DOMException));
    } finally {
      setItem.mockRestore();
      getItem.mockRestore();
      warned.mockRestore();
    }
  });
});
