import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Component as Login } from '@/app/routes/auth/login';
import { failure } from './api/answer';
import { server } from './api/server';
import { renderRoutes } from './helpers';

const PENDING = 'Your account is pending activation. Please contact support to activate your account.';

// The activation dialog's code arrives only when the test lets it: a slow network, or none.
const dialogCode = vi.hoisted(() => {
  let open: (available: boolean) => void = () => undefined;
  const arrives = new Promise<boolean>((resolve) => (open = resolve));
  return { arrives, open: (available: boolean) => open(available) };
});
vi.mock('@/features/auth/components/activation-dialog', async (importOriginal) => {
  if (!(await dialogCode.arrives)) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

const signInPending = async () => {
  server.use(http.post('/v1/auth/login', () => failure(403, PENDING)));
  const { user } = renderRoutes([{ path: '/auth/login', element: <Login /> }], '/auth/login');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('login screen, pending activation, while the dialog is on its way', () => {
  it('says the refusal in the form until the dialog can, then only in the dialog', async () => {
    await signInPending();
    // The answer is in, the dialog's code is not: the screen says why nothing opened yet.
    expect(await screen.findByRole('alert')).toHaveTextContent(PENDING);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialogCode.open(true);
    const dialog = await screen.findByRole('dialog', { name: 'Account Activation Required' });
    await waitFor(() => expect(dialog).toHaveAccessibleDescription(PENDING));
    expect(screen.getAllByText(PENDING)).toHaveLength(1);
  }, 15_000);
});
