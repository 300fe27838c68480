import type { Messages } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ActivationDialog } from '@/features/auth/components/activation-dialog';
import { setLanguageWords } from '@/lib/i18n';
import { supportContacts } from './api/auth';
import { calls, server } from './api/server';
import { messages as appEs } from '@shared/i18n/compiled/app/es';
import { messages as signinEs } from '@shared/i18n/compiled/signin/es';

// The API says 'pending activation' and 'has been deactivated' in English (the app
// recognises them by it); the dialog shows them in the app's language.
const ENGLISH = import.meta.glob<{ messages: Messages }>(
  ['../../shared/i18n/compiled/*/en.ts', '!../../shared/i18n/compiled/areas/*.ts'],
  { eager: true },
);
afterEach(() =>
  setLanguageWords(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  ),
);

it.each([
  [
    'Your account is pending activation. Please contact support to activate your account.',
    'Tu cuenta está pendiente de activación. Contacta con soporte para activarla.',
  ],
  [
    'Your account has been deactivated. Please contact support if you think this is a mistake.',
    'Tu cuenta ha sido desactivada. Contacta con soporte si crees que es un error.',
  ],
])('shows %s in Spanish', async (english, spanish) => {
  server.use(supportContacts({ email: null, whatsapp: null }));
  setLanguageWords('es', [appEs, signinEs]);
  render(<ActivationDialog message={english} open onOpenChange={() => undefined} />);
  expect(screen.getByText(spanish)).toBeInTheDocument();
  expect(screen.queryByText(english)).toBeNull();
  // The support contacts are read meanwhile; the test ends once they are answered.
  await vi.waitFor(() => expect(calls.some((call) => call.path === '/v1/config')).toBe(true));
});
