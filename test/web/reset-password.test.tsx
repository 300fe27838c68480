import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Component as ResetPassword } from '@/app/routes/auth/reset-password';
import { failure, noBody } from './api/answer';
import { calls, server } from './api/server';
import { expectFieldError, renderRoutes } from './helpers';

const renderReset = (url: string) =>
  renderRoutes(
    [
      { path: '/auth/reset-password', element: <ResetPassword /> },
      { path: '/auth/forgot-password', element: <h1>Forgot screen</h1> },
      { path: '/auth/login', element: <h1>Login screen</h1> },
    ],
    url,
  );

const URL_OK = '/auth/reset-password?email=ada%40example.com&token=tok-1';

describe('reset-password screen', () => {
  it("sends a link without a token back to forgot-password with 'Invalid or expired reset link'", async () => {
    const { router } = renderReset('/auth/reset-password?email=ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Forgot screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
    expect(await screen.findByText('Invalid or expired reset link')).toBeInTheDocument();
  });

  it('shows every password rule under its field', async () => {
    const { user } = renderReset(URL_OK);
    const password = screen.getByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm password');
    const submit = screen.getByRole('button', { name: 'Reset password' });

    await user.type(password, 'abc');
    await user.click(submit);
    // The validation loads on the form's first use: its first message comes a moment later.
    await vi.waitFor(() => expectFieldError(password, 'Password must be at least 6 characters'));
    await user.type(password, 'defgh');
    expectFieldError(password, 'Password must contain uppercase, lowercase, number and special character');
    await user.clear(password);
    await user.type(password, 'Secret1!x');
    expect(password).not.toHaveAttribute('aria-invalid');

    await user.type(confirmation, 'Secret1!y');
    await user.click(submit);
    expectFieldError(confirmation, 'Passwords do not match');
    await user.clear(confirmation);
    await user.type(confirmation, 'Secret1!x');
    expect(confirmation).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('shows and hides each password on its own', async () => {
    const { user } = renderReset(URL_OK);
    const password = screen.getByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm password');
    const shows = screen.getAllByRole('button', { name: /^Show / });
    expect(shows).toHaveLength(2);
    await user.click(shows[0]!);
    expect(password).toHaveAttribute('type', 'text');
    expect(confirmation).toHaveAttribute('type', 'password');
    await user.click(shows[1]!);
    expect(confirmation).toHaveAttribute('type', 'text');
    for (const hide of screen.getAllByRole('button', { name: /^Hide / })) await user.click(hide);
    expect(password).toHaveAttribute('type', 'password');
    expect(confirmation).toHaveAttribute('type', 'password');
  });

  it("reports 'Invalid email' for a bad address in the link", async () => {
    const { user } = renderReset('/auth/reset-password?email=nope&token=tok-1');
    await user.type(screen.getByLabelText('New password'), 'Secret1!x');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Password reset complete' with a Sign in link on success", async () => {
    // The default answer: 'Password reset successfully'.
    const { user } = renderReset(URL_OK);
    await user.type(screen.getByLabelText('New password'), 'Secret1!x');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Password reset complete' })).toBeInTheDocument();
    expect(screen.getByText('Password reset successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(calls).toMatchObject([
      {
        path: '/v1/auth/reset-password',
        body: { email: 'ada@example.com', token: 'tok-1', password: 'Secret1!x', password_confirmation: 'Secret1!x' },
      },
    ]);
  });

  it("goes back to forgot-password when the server answers 'Invalid or expired token'", async () => {
    server.use(http.post('/v1/auth/reset-password', () => failure(400, 'Invalid or expired token')));
    const { user } = renderReset(URL_OK);
    await user.type(screen.getByLabelText('New password'), 'Secret1!x');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Forgot screen' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired token')).toBeInTheDocument();
  });

  it('keeps the user on the form with any other failure', async () => {
    server.use(http.post('/v1/auth/reset-password', () => noBody(500)));
    const { user } = renderReset(URL_OK);
    await user.type(screen.getByLabelText('New password'), 'Secret1!x');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getAllByText('Failed to reset password. Please try again.')).toHaveLength(2));
  });
});
