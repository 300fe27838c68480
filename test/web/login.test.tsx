import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Component as Login } from '@/app/routes/auth/login';
import { authStore } from '@/lib/auth-store';
import { forgetPublicConfig } from '@/lib/support';
import { failure } from './api/answer';
import { supportContacts } from './api/auth';
import { calls, server } from './api/server';
import { expectFieldError, renderRoutes } from './helpers';

const PENDING = 'Your account is pending activation. Please contact support to activate your account.';

const renderLogin = () =>
  renderRoutes(
    [
      { path: '/auth/login', element: <Login /> },
      { path: '/dashboard', element: <h1>Dashboard home</h1> },
      { path: '/auth/register', element: <h1>Register screen</h1> },
    ],
    '/auth/login',
  );

const user = { id: 'u1', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' };

describe('login screen', () => {
  it('shows each validation message under its field on submit, then re-validates on change', async () => {
    const { user: u } = renderLogin();
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    // The validation loads on the form's first use: its first messages come a moment later.
    await vi.waitFor(() => expectFieldError(email, 'Please enter a valid email address'));
    expectFieldError(password, 'Password must be at least 6 characters');

    await u.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    await u.type(password, '12345');
    expectFieldError(password, 'Password must be at least 6 characters');
    await u.type(password, '6');
    expect(password).not.toHaveAttribute('aria-invalid');
    // Only the support contacts were read (for the hint); nothing was sent.
    expect(calls.filter((call) => call.path !== '/v1/config')).toEqual([]);
  });

  it('shows the pending-activation hint only with contacts the operator configured', async () => {
    const HINT = 'Account pending activation? Contact support to activate it.';
    renderLogin();
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/v1/config')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    cleanup();

    forgetPublicConfig();
    server.use(supportContacts({ email: 'help@example.com', whatsapp: null }));
    renderLogin();
    expect(await screen.findByText(HINT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email support' })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument();
  });

  it('toggles the password between hidden and shown', async () => {
    const { user: u } = renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await u.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await u.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the server message in a red alert and as a toast, and clears it when the screen is left', async () => {
    server.use(http.post('/v1/auth/login', () => failure(401, 'Invalid email or password')));
    const { user: u, router } = renderLogin();
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'wrong-password');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByText('Invalid email or password', { selector: '[role="alert"]' });
    expect(alert).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await u.click(screen.getByRole('link', { name: 'Create one' }));
    expect(await screen.findByRole('heading', { name: 'Register screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/register');
    expect(authStore.get().authError).toBeNull();
  });

  it("opens 'Account Activation Required' when the account is pending activation, saying it once", async () => {
    server.use(
      supportContacts({ email: 'help@example.com', whatsapp: '+31 6 1234 5678' }),
      http.post('/v1/auth/login', () => failure(403, PENDING)),
    );
    const { user: u } = renderLogin();
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Account Activation Required' });
    // The support contacts are read from /v1/config: they may come a moment after the dialog.
    expect(await within(dialog).findByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/31612345678',
    );
    await waitFor(() => expect(dialog).toHaveAccessibleDescription(PENDING));
    expect(within(dialog).getByText('Contact us for activation:')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Email support' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(within(dialog).getByText('Our team will guide you through the activation process.')).toBeInTheDocument();
    // One message: no toast and no inline alert beside the dialog.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(PENDING)).toHaveLength(1);
    await u.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it("opens 'Account Deactivated' with the support contacts when an operator deactivated the account", async () => {
    const DEACTIVATED = 'Your account has been deactivated. Please contact support if you think this is a mistake.';
    server.use(
      supportContacts({ email: 'help@example.com', whatsapp: null }),
      http.post('/v1/auth/login', () => failure(403, DEACTIVATED)),
    );
    const { user: u } = renderLogin();
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Deactivated' });
    await waitFor(() => expect(dialog).toHaveAccessibleDescription(DEACTIVATED));
    expect(await within(dialog).findByRole('link', { name: 'Email support' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(within(dialog).queryByText(/activation process/)).not.toBeInTheDocument();
    // One message: no toast and no inline alert beside the dialog.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(DEACTIVATED)).toHaveLength(1);
  });

  it('offers only the support channels an operator configured, read at run time', async () => {
    server.use(
      supportContacts({ email: null, whatsapp: '+31 6 1234 5678' }),
      http.post('/v1/auth/login', () => failure(403, PENDING)),
    );
    const { user: u } = renderLogin();
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Activation Required' });
    expect(await within(dialog).findByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/31612345678',
    );
    expect(within(dialog).queryByRole('link', { name: 'Email support' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/v1/config')).toHaveLength(1);
  });

  it('signs in, keeps no token and goes to the dashboard', async () => {
    // The default answer: signed in, the tokens in HttpOnly cookies and `session: 'cookie'` in the JSON.
    const { user: u, router } = renderLogin();
    await u.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/v1/auth/login',
      method: 'POST',
      body: { email: 'ada@example.com', password: 'secret123' },
    });
    expect(calls.find((call) => call.path === '/v1/auth/login')?.headers.get('X-Token-Delivery')).toBe('cookie');
    // Only the hint is readable; no token is in a cookie, local or session storage.
    expect(document.cookie).toMatch(/^cl_session=\d+\.tag\d+$/);
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toMatch(/access-1|refresh-1/);
  });

  it('sends a signed-in user to the dashboard', async () => {
    authStore.setUser(user as never);
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
  });
});
