import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as Login } from '@/app/routes/auth/login';
import { forgetSpareChallenge } from '@/features/auth/api/passkey-sign-in';
import { authStore } from '@/lib/auth-store';
import { failure } from './api/answer';
import { calls, server } from './api/server';
import { fakeWebAuthn } from './fake-webauthn';
import { renderRoutes } from './helpers';

// Passkeys offered among the e-mail field's suggestions (WebAuthn conditional mediation,
// docs/decisions/0076-passkey-autofill.md): asked for on the field's first focus, once, never
// on load; ended by the passkey button, the password form or leaving; quiet when it fails.

const renderLogin = () =>
  renderRoutes(
    [
      { path: '/auth/login', element: <Login /> },
      { path: '/dashboard', element: <h1>Dashboard home</h1> },
      { path: '/auth/register', element: <h1>Register screen</h1> },
    ],
    '/auth/login',
  );

const sent = (path: string) => calls.filter((call) => call.path.split('?')[0] === path);
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

beforeEach(() => forgetSpareChallenge());

describe('passkey autofill on the sign-in screen', () => {
  it('asks for a challenge on the e-mail field’s first focus, once, and never on load', async () => {
    const { requests } = fakeWebAuthn();
    const { user } = renderLogin();
    await settle();
    expect(sent('/v1/auth/passkey/options')).toEqual([]);
    expect(requests).toEqual([]);

    await user.click(screen.getByLabelText('Email'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      mediation: 'conditional',
      challenge: expect.stringMatching(/^challenge-\d+$/),
    });
    expect(requests[0]!.signal.aborted).toBe(false);
    // Counted apart from the button's ceremonies (a shared network's visits never cost the button).
    expect(sent('/v1/auth/passkey/options')[0]!.path).toBe('/v1/auth/passkey/options?mediation=conditional');

    // Back and forth between the fields: still the one request.
    await user.click(screen.getByLabelText('Password'));
    await user.click(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await settle();
    expect(sent('/v1/auth/passkey/options')).toHaveLength(1);
    expect(requests).toHaveLength(1);
  });

  it('signs in with a passkey picked from the suggestions, as the button does', async () => {
    const { requests } = fakeWebAuthn();
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));

    requests[0]!.choose();
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    const [verify] = sent('/v1/auth/passkey/verify');
    expect(verify!.headers.get('X-Token-Delivery')).toBe('cookie');
    expect(verify!.body).toMatchObject({ response: { id: 'passkey-1', type: 'public-key' } });
    expect(authStore.get().user?.email).toBe('jane@example.com');
  });

  it('the passkey button ends the offer and takes its unused challenge: one ceremony, one challenge', async () => {
    const { requests } = fakeWebAuthn();
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[1]).toMatchObject({ mediation: undefined, challenge: requests[0]!.challenge });
    expect(sent('/v1/auth/passkey/options')).toHaveLength(1);
    // The offer's end is not an error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    requests[1]!.choose();
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(sent('/v1/auth/passkey/verify')).toHaveLength(1);
  });

  it('the button pressed while the offer is still on its way: only the button’s ceremony runs', async () => {
    const { requests } = fakeWebAuthn();
    renderLogin();
    screen.getByLabelText('Email').focus();
    screen.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
    await settle();
    expect(requests.filter((request) => !request.signal.aborted)).toHaveLength(1);
    expect(requests.find((request) => !request.signal.aborted)?.mediation).toBeUndefined();
    expect(requests.some((request) => request.mediation === 'conditional')).toBe(false);
    expect(sent('/v1/auth/passkey/options').map((call) => call.path)).toEqual(['/v1/auth/passkey/options']);
  });

  it('sending the password ends the offer quietly', async () => {
    const { requests } = fakeWebAuthn();
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in', exact: true } as never));

    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(sent('/v1/auth/login')).toHaveLength(1);
    expect(sent('/v1/auth/passkey/verify')).toEqual([]);
  });

  it('leaving the screen ends the offer', async () => {
    const { requests } = fakeWebAuthn();
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: 'Create one' }));
    expect(await screen.findByRole('heading', { name: 'Register screen' })).toBeInTheDocument();
    expect(requests[0]!.signal.aborted).toBe(true);
  });

  it('says nothing when the suggestion is dismissed, and does not ask again on this visit', async () => {
    const { requests } = fakeWebAuthn();
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.dismiss();
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(authStore.get().authError).toBeNull();
    // Dismissed is dismissed: coming back to the field does not ask again on this visit.
    await user.click(screen.getByLabelText('Password'));
    await user.click(screen.getByLabelText('Email'));
    await settle();
    expect(sent('/v1/auth/passkey/options')).toHaveLength(1);
    expect(requests).toHaveLength(1);
  });

  it('says nothing when too many ceremonies were started from this network', async () => {
    server.use(
      http.post('/v1/auth/passkey/options', () =>
        failure(429, 'Too many passkey sign-ins started. Please try again in 15 minutes.'),
      ),
    );
    const { requests } = fakeWebAuthn();
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await vi.waitFor(() => expect(sent('/v1/auth/passkey/options')).toHaveLength(1));
    await settle();
    expect(requests).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Too many passkey/)).not.toBeInTheDocument();
  });

  it('a chosen passkey the server refuses is said, as the button says it', async () => {
    server.use(
      http.post('/v1/auth/passkey/verify', () =>
        failure(401, 'Sign-in with this passkey failed. Please try again or use your password.'),
      ),
    );
    const { requests } = fakeWebAuthn();
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.choose();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in with this passkey failed. Please try again or use your password.',
    );
  });

  it.each([
    ['cannot list passkeys in a field', { conditional: false }],
    ['predates the check for it', { conditional: 'unknown' as const }],
  ])('a browser that %s asks for nothing and keeps the button', async (_, options) => {
    const { requests } = fakeWebAuthn(options);
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await settle();
    expect(sent('/v1/auth/passkey/options')).toEqual([]);
    expect(requests).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
  });

  it('a browser without passkeys asks for nothing and has no button', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Email'));
    await settle();
    expect(sent('/v1/auth/passkey/options')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.every((call) => !call.path.startsWith('/v1/auth/passkey'))).toBe(true));
  });
});
