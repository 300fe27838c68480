import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { pendingRegistrationResponse } from '@shared/schemas/auth';
import { Component as Register } from '@/app/routes/auth/register';
import { answer, failure } from './api/answer';
import { usernames } from './api/auth';
import { calls, server } from './api/server';
import { aUser } from './fixtures';
import { expectFieldError, renderRoutes } from './helpers';

const renderRegister = () =>
  renderRoutes(
    [
      { path: '/auth/register', element: <Register /> },
      { path: '/dashboard', element: <h1>Dashboard home</h1> },
    ],
    '/auth/register',
  );

const fields = () => ({
  name: screen.getByLabelText('Full name'),
  username: screen.getByLabelText('Username'),
  email: screen.getByLabelText('Email'),
  password: screen.getByLabelText('Password'),
});

describe('register screen', () => {
  it('shows every validation message of docs/product.md §5 under its field', async () => {
    const { user } = renderRegister();
    const submit = screen.getByRole('button', { name: 'Create account' });
    const { name, username, email, password } = fields();
    await user.type(name, 'A');
    await user.type(username, 'ab');
    await user.type(email, 'not-an-email');
    await user.type(password, '12345');
    await user.click(submit);
    // The validation loads on the form's first use: its first messages come a moment later.
    await vi.waitFor(() => expectFieldError(name, 'Name must be at least 2 characters'));
    expectFieldError(username, 'Username must be at least 3 characters');
    expectFieldError(email, 'Please enter a valid email address');
    expectFieldError(password, 'Password must be at least 6 characters');
    expect(calls).toHaveLength(0);
  });

  it('refuses a name of invisible characters alone as too short, as the server does', async () => {
    const { user } = renderRegister();
    const { name, username, email, password } = fields();
    await user.click(name);
    // A variation selector with no base, an ideographic one, a Mongolian one, a format control.
    await user.paste('\uFE0F\u{E0100}\u180B\u{1D173}');
    await user.type(username, 'ada_lovelace');
    await user.type(email, 'ada@example.com');
    await user.type(password, 'lantern-42-orbit');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expectFieldError(name, 'Name must be at least 2 characters'));
    expect(calls.filter((call) => call.path === '/v1/auth/register')).toHaveLength(0);
  });

  it('re-validates on every change after the first submit: too long and bad characters', async () => {
    const { user } = renderRegister();
    const { name, username } = fields();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(name);
    await user.paste('x'.repeat(101));
    expectFieldError(name, 'Name is too long');
    await user.click(username);
    await user.paste('u'.repeat(51));
    expectFieldError(username, 'Username is too long');
    await user.clear(username);
    await user.type(username, 'ada!');
    expectFieldError(username, 'Username can only contain lowercase letters, numbers, underscores, and hyphens');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's field errors under each field", async () => {
    server.use(
      http.post('/v1/auth/register', () =>
        failure(422, 'Validation failed', {
          username: ['This username is already taken'],
          email: ['This email is already registered'],
        }),
      ),
    );
    const { user } = renderRegister();
    const { name, username, email, password } = fields();
    await user.type(name, 'Ada Lovelace');
    await user.clear(username);
    await user.type(username, 'ada');
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Validation failed')).toBeInTheDocument();
    expectFieldError(username, 'This username is already taken');
    expectFieldError(email, 'This email is already registered');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('stays on the form with the pending-activation message and the contact hint', async () => {
    const message =
      'Registration successful. Your account is pending activation; please contact support to activate it.';
    server.use(
      http.post('/v1/auth/register', () =>
        answer(
          pendingRegistrationResponse,
          { success: true, message, user: aUser({ status: 'pending', is_active: false }) },
          { status: 202 },
        ),
      ),
    );
    const { user, router } = renderRegister();
    const { name, username, email, password } = fields();
    await user.type(name, 'Ada Lovelace');
    await user.clear(username);
    await user.type(username, 'ada');
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Account pending activation? Contact support to activate it.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/register');
  });

  it('registers and goes to the dashboard', async () => {
    // The default answer: registered (201) and signed in.
    const { user } = renderRegister();
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/auth/login');
    const { name, username, email, password } = fields();
    await user.type(name, 'Ada Lovelace');
    await user.clear(username);
    await user.type(username, 'ada');
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/v1/auth/register')?.body).toEqual({
      name: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret123',
    });
  });

  it('suggests a username from the name, with the card’s address, until one is typed', async () => {
    const { user } = renderRegister();
    const { name, username } = fields();
    await user.type(name, 'Zoë Ångström-Lée');
    expect(username).toHaveValue('zoe-angstrom-lee');
    const status = await screen.findByText(/\(available\)/);
    expect(status.closest('[role="status"]')).toHaveTextContent(
      `Your card: ${location.origin}/p/zoe-angstrom-lee (available)`,
    );
    expect(username).toHaveAccessibleDescription(`Your card: ${location.origin}/p/zoe-angstrom-lee (available)`);

    // A username of one's own stays when the name changes; emptied, the name leads again.
    await user.clear(username);
    await user.type(username, 'zoe');
    await user.type(name, ' Jr');
    expect(username).toHaveValue('zoe');
    await user.clear(username);
    await user.type(name, '.');
    expect(username).toHaveValue('zoe-angstrom-lee-jr');
  });

  it('checks the username as it is typed and says when it is taken, once', async () => {
    server.use(usernames(['ada']));
    const { user } = renderRegister();
    const { username } = fields();
    await user.type(username, 'ada');
    expect(await screen.findByText('is already taken. Try another username.', { exact: false })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/v1/auth/username'))).toEqual([
      expect.objectContaining({ method: 'GET', path: '/v1/auth/username?username=ada' }),
    ]);
    await user.type(username, '-l');
    expect(await screen.findByText(/\(available\)/)).toBeInTheDocument();
    expect(screen.queryByText(/already taken/)).not.toBeInTheDocument();
    // A name the rules refuse is not asked about.
    await user.clear(username);
    await user.type(username, 'a!');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((call) => call.path.startsWith('/v1/auth/username'))).toHaveLength(2);
    expect(screen.queryByText(/Your card:/)).not.toBeInTheDocument();
  });

  it('says a refused password once, under its field', async () => {
    const WEAK = 'This password is too common. Please choose a less common password.';
    server.use(http.post('/v1/auth/register', () => failure(422, WEAK, { password: [WEAK] })));
    const { user } = renderRegister();
    const { name, email, password } = fields();
    await user.type(name, 'Ada Lovelace');
    await user.type(email, 'ada@example.com');
    await user.type(password, 'password1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expectFieldError(password, WEAK));
    expect(screen.getAllByText(WEAK)).toHaveLength(1);
  });
});
