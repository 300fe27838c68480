import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Session } from '@shared/schemas/sessions';
import { Component as Security } from '@/app/routes/dashboard/security';
import { failure } from './api/answer';
import { sessionsAre } from './api/security';
import { calls, server } from './api/server';
import { renderRoutes } from './helpers';

// The default overview: a password only, no second factor, no passkeys.
const hourAgo = new Date(Date.now() - 3600_000).toISOString();
const sessions: Session[] = [
  {
    id: 's1',
    browser: 'Chrome',
    os: 'Android',
    device: 'mobile',
    country: 'DE',
    created_at: '2026-01-05T10:00:00.000Z',
    last_used_at: hourAgo,
    current: false,
  },
  {
    id: 's2',
    browser: 'Firefox',
    os: 'macOS',
    device: 'desktop',
    country: null,
    created_at: '2026-02-01T10:00:00.000Z',
    last_used_at: new Date().toISOString(),
    current: true,
  },
];

const renderSecurity = () =>
  renderRoutes([{ path: '/dashboard/security', element: <Security /> }], '/dashboard/security');

describe('Security: sessions', () => {
  it('lists each session with device, place and times, marks this one, and ends another', async () => {
    server.use(...sessionsAre(sessions));
    const { user } = renderSecurity();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    // This device first.
    const [desk, phone] = within(list).getAllByRole('listitem');
    expect(phone).toHaveTextContent('Chrome on Android');
    expect(phone).toHaveTextContent(
      /^Chrome on AndroidGermany · Signed in Jan 5, 2026, \d{1,2}:00\b.* · Last active 1 hour ago/,
    );
    expect(desk).toHaveTextContent('Firefox on macOS');
    expect(within(desk!).getByText('This device')).toBeInTheDocument();
    expect(within(desk!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(phone!).getByRole('button', { name: 'End session: Chrome on Android' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/user/sessions/s1')).toBe(true),
    );
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out of all other sessions' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/user/sessions')).toBe(true));
  });

  it('tells apart two sessions of one browser, system and country by when each signed in, to the second if need be', async () => {
    const safari = (id: string, created_at: string, current = false): Session => ({
      id,
      browser: 'Safari',
      os: 'iOS',
      device: 'mobile',
      country: 'US',
      created_at,
      last_used_at: hourAgo,
      current,
    });
    server.use(
      ...sessionsAre([
        safari('a', '2026-12-05T09:15:00.000Z'),
        safari('b', '2026-12-05T13:40:07.000Z'),
        safari('c', '2026-12-05T13:40:52.000Z', true),
      ]),
    );
    renderSecurity();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatch(/^Safari on iOS.*United States · Signed in Dec 5, 2026, \d{1,2}:\d\d/);
    // Each reads differently; the two of one minute to the second, this device first.
    expect(new Set(rows).size).toBe(3);
    expect(rows[0]).toContain('This device');
    expect(rows[0]).toMatch(/:40:52/);
    expect(rows.some((row) => /:40:07/.test(row!))).toBe(true);
    expect(rows.find((row) => /:15/.test(row!))).not.toMatch(/:15:00/);
  });
});

describe('Security: two-factor sign-in', () => {
  // A bad phone network: the overview's refetch after turning it on hangs (its retries took half
  // a minute in Chromium). Two-factor is on by then: the codes show at once, and the card says On.
  it('shows the recovery codes at once and says On when the refetch after turning it on hangs', async () => {
    const { user } = renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    await user.type(within(dialog).getByLabelText('Current password'), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    server.use(http.get('/v1/user/security', () => new Promise<never>(() => {})));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('On', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('2 of 10 recovery codes left.')).toBeInTheDocument();
  });

  it('asks who it is before the set-up, and shows a wrong password under the field', async () => {
    server.use(
      http.post('/v1/user/security/totp/setup', () =>
        failure(422, 'Your current password is incorrect', {
          current_password: ['Your current password is incorrect'],
        }),
      ),
    );
    const { user } = renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    // Off: only the password can confirm (there is no app yet).
    expect(
      within(dialog).queryByRole('button', { name: 'Use your authenticator app instead' }),
    ).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong-one-1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/user/security/totp/setup')?.body).toEqual({
      current_password: 'wrong-one-1',
    });
  });
});
