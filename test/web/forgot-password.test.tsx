import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Component as ForgotPassword } from '@/app/routes/auth/forgot-password';
import { failure } from './api/answer';
import { calls, server } from './api/server';
import { expectFieldError, renderRoutes } from './helpers';

const renderForgot = () =>
  renderRoutes([{ path: '/auth/forgot-password', element: <ForgotPassword /> }], '/auth/forgot-password');

describe('forgot-password screen', () => {
  it('refuses an invalid address under the field, re-validating on change', async () => {
    const { user } = renderForgot();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // The validation loads on the form's first use: its first message comes a moment later.
    await vi.waitFor(() => expectFieldError(email, 'Please enter a valid email address'));
    await user.type(email, 'example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it("shows 'Check your inbox' with a link to the code screen, and 'try again' returns to the form", async () => {
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('Password reset instructions sent to your email')).toBeInTheDocument();
    expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('link', { name: 'Enter the code' })).toHaveAttribute(
      'href',
      '/auth/verify-otp?email=ada%40example.com',
    );
    expect(calls[0]).toMatchObject({ path: '/v1/auth/forgot-password', body: { email: 'ada@example.com' } });

    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });

  it("toasts the server's errors.email, else the generic failure", async () => {
    let answer = () => failure(429, 'Too many', { email: ['Too many reset requests'] });
    server.use(http.post('/v1/auth/forgot-password', () => answer()));
    const { user } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Too many reset requests')).toBeInTheDocument();

    answer = () => failure(500, 'Internal error');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Failed to request password reset. Please try again.')).toBeInTheDocument();
  });
});
