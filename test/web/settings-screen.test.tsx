import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Component as Settings } from '@/app/routes/dashboard/settings';
import { failure } from './api/answer';
import { securityIs } from './api/security';
import { calls, server } from './api/server';
import { aSecurityOverview } from './fixtures';
import { renderRoutes } from './helpers';

// Ada, with a password only; the default answers send a code to a new address and confirm it.
beforeEach(() => {
  server.use(securityIs(aSecurityOverview({ email: 'ada@example.com' })));
});

const renderSettings = () =>
  renderRoutes(
    [
      { path: '/dashboard/settings', element: <Settings /> },
      { path: '/dashboard/security', element: <h1>Security screen</h1> },
    ],
    '/dashboard/settings',
  );

describe('Settings: password', () => {
  it('offers show and hide on every password field', async () => {
    const { user } = renderSettings();
    const current = await screen.findByLabelText<HTMLInputElement>('Current password', {
      selector: '#current-password',
    });
    const toggles = await screen.findAllByRole('button', { name: /^Show (current|new|confirm new) password$/ });
    // Current, new and confirmation in the password card, the current password in the e-mail card.
    expect(toggles).toHaveLength(4);
    expect(current.type).toBe('password');
    await user.click(toggles[0]!);
    expect(current.type).toBe('text');
    expect(screen.getAllByRole('button', { name: 'Hide current password' })).toHaveLength(1);
  });

  it("checks the fields with the server's schema, then shows the server's answer under the field", async () => {
    server.use(
      http.post('/v1/user/security/password', () =>
        failure(422, 'Your current password is incorrect', {
          current_password: ['Your current password is incorrect'],
        }),
      ),
    );
    const { user } = renderSettings();
    await screen.findByRole('heading', { name: 'Password' });
    await user.type(screen.getByLabelText('Current password', { selector: '#current-password' }), 'old-one-77');
    await user.type(screen.getByLabelText('New password'), 'quiet-harbour-77');
    await user.type(screen.getByLabelText('Confirm new password'), 'quiet-harbour-78');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/user/security/password')).toBe(false);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'quiet-harbour-77');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/user/security/password')?.body).toEqual({
      current_password: 'old-one-77',
      password: 'quiet-harbour-77',
      password_confirmation: 'quiet-harbour-77',
    });
  });
});

describe('Settings: e-mail address', () => {
  it('sends a code to the new address with the current password, then confirms it', async () => {
    server.use(
      http.post('/v1/user/security/email/confirm', () =>
        failure(422, 'The code is incorrect', { code: ['The code is incorrect'] }),
      ),
    );
    const { user } = renderSettings();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Current password', { selector: '#email-current-password' }), 'old-one-77');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code to/)).toHaveTextContent(
      'We sent a 6-digit code to grace@example.com. Enter it to use this address.',
    );
    expect(calls.find((c) => c.path === '/v1/user/security/email')?.body).toEqual({
      email: 'grace@example.com',
      current_password: 'old-one-77',
    });

    // A wrong code is said under the field; the right one changes the address.
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('The code is incorrect')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/user/security/email/confirm')?.body).toEqual({ code: '123456' });
  });

  it('confirms the code and says so', async () => {
    const { user } = renderSettings();
    await user.type(await screen.findByLabelText('New email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Current password', { selector: '#email-current-password' }), 'old-one-77');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('Email address updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('New email')).toBeInTheDocument());
  });

  it('refuses an invalid address before asking the server', async () => {
    const { user } = renderSettings();
    await user.type(await screen.findByLabelText('New email'), 'not-an-address');
    await user.type(screen.getByLabelText('Current password', { selector: '#email-current-password' }), 'old-one-77');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/user/security/email')).toBe(false);
  });
});

describe('Settings: the way to Security', () => {
  it('links to the Security section', async () => {
    const { user } = renderSettings();
    await user.click(await screen.findByRole('link', { name: 'Open Security' }));
    expect(await screen.findByRole('heading', { name: 'Security screen' })).toBeInTheDocument();
  });
});
