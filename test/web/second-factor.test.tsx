import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { secondFactorRequiredResponse } from '@shared/schemas/auth';
import { Component as Login } from '@/app/routes/auth/login';
import { readSessionHint } from '@/lib/cookies';
import { answer, failure } from './api/answer';
import { signedIn } from './api/auth';
import { calls, server } from './api/server';
import { renderRoutes } from './helpers';

const renderLogin = () =>
  renderRoutes(
    [
      { path: '/auth/login', element: <Login /> },
      { path: '/dashboard', element: <h1>Dashboard home</h1> },
    ],
    '/auth/login',
  );

// The password is right and a second factor is on: no tokens yet.
beforeEach(() => {
  server.use(
    http.post('/v1/auth/login', () =>
      answer(secondFactorRequiredResponse, {
        success: true,
        message: 'Enter the 6-digit code from your authenticator app.',
        mfa_required: true,
        mfa_token: 'mfa-token-1',
        mfa_methods: ['totp', 'recovery_code'],
      }),
    ),
  );
});

const secondFactor = (respond: () => Response) => server.use(http.post('/v1/auth/login/second-factor', respond));

async function passwordStep(u: ReturnType<typeof renderLogin>['user']) {
  await u.type(screen.getByLabelText('Email'), 'ada@example.com');
  await u.type(screen.getByLabelText('Password'), 'quiet-harbour-77');
  await u.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('heading', { name: 'Two-factor sign-in' });
}

describe('sign-in with a second factor', () => {
  it('asks for the code after the password, keeps no tokens until then, and signs in with it', async () => {
    secondFactor(() => signedIn({ token: 'access-2', refreshToken: 'refresh-2' }));
    const { user: u, router } = renderLogin();
    await passwordStep(u);
    expect(readSessionHint()).toBeNull();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();

    await u.type(screen.getByLabelText('Authentication code'), '123');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app', { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
    await u.type(screen.getByLabelText('Authentication code'), '456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.at(-1)).toMatchObject({
      path: '/v1/auth/login/second-factor',
      body: { mfa_token: 'mfa-token-1', code: '123456' },
    });
    expect(readSessionHint()).not.toBeNull();
    // Asked for cookies only, so the answer carried no token for a script to read.
    expect(calls.at(-1)?.headers.get('X-Token-Delivery')).toBe('cookie');
  });

  it('takes a recovery code instead, and shows the server message for a wrong one', async () => {
    secondFactor(() =>
      failure(422, 'Invalid or expired verification code', { code: ['Invalid or expired verification code'] }),
    );
    const { user: u } = renderLogin();
    await passwordStep(u);
    await u.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await u.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Invalid or expired verification code', { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ mfa_token: 'mfa-token-1', code: 'abcde-fghjk' });
  });

  it('an expired sign-in says so and leads back to the password', async () => {
    secondFactor(() => failure(401, 'Your sign-in has expired. Please sign in again.'));
    const { user: u } = renderLogin();
    await passwordStep(u);
    await u.type(screen.getByLabelText('Authentication code'), '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in has expired. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
