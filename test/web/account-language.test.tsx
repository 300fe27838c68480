import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from '@lingui/core';
import type { Session } from '@shared/schemas/sessions';
import { LANGUAGE_COOKIE } from '@shared/i18n/languages';
import { messages as accountAr } from '@shared/i18n/compiled/account/ar';
import { messages as accountEs } from '@shared/i18n/compiled/account/es';
import { messages as appAr } from '@shared/i18n/compiled/app/ar';
import { messages as appEs } from '@shared/i18n/compiled/app/es';
import english from '../../shared/i18n/catalogues/account/en.json';
import { Component as Data } from '@/app/routes/dashboard/data';
import { Component as Security } from '@/app/routes/dashboard/security';
import { Component as Settings } from '@/app/routes/dashboard/settings';
import { authStore } from '@/lib/auth-store';
import { getCookie } from '@/lib/cookies';
import { setLanguageWords } from '@/lib/i18n';
import { failure } from './api/answer';
import { accountLanguageFrom, profileIs } from './api/profile';
import { securityIs, sessionsAre } from './api/security';
import { calls, server } from './api/server';
import { aSecurityOverview, aUser } from './fixtures';
import { renderRoutes } from './helpers';

// The account's language in Settings, and the account area's screens in Spanish and Arabic.
const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });
afterEach(() => {
  vi.restoreAllMocks();
  setLanguageWords(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  );
});

const open = (path: string, element: React.ReactNode) => renderRoutes([{ path, element }], path);
const saves = () => calls.filter((call) => call.path === '/v1/user/language');
const cardUpdates = () => calls.filter((call) => call.path === '/v1/user/profile/update');

describe('Settings: the language', () => {
  it("shows the account's language, not the card's; choosing Español saves the account's, then keeps it in this browser and reloads", async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    // The card speaks German to its visitors; the account (the dashboard, the e-mails) English.
    server.use(profileIs(aUser({ language: 'de', account_language: 'en' })));
    const { user } = open('/dashboard/settings', <Settings />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveDisplayValue('English');
    expect(select).toHaveAccessibleDescription(
      'The dashboard and the emails we send you use it. Each card has its own language, set on the Profile screen.',
    );
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español', 'Português (Brasil)', 'Français', 'Deutsch', 'العربية']);

    server.use(accountLanguageFrom(aUser({ language: 'de' })));
    await user.selectOptions(select, 'Español');
    await waitFor(() => expect(getCookie(LANGUAGE_COOKIE)).toBe('es'));
    expect(reload).toHaveBeenCalledOnce();
    // The account's language alone; no card's changes.
    expect(saves().map((call) => call.body)).toEqual([{ language: 'es' }]);
    expect(cardUpdates()).toEqual([]);
    // The cached profile says it too, so the reloaded screen shows the new language at once.
    expect(JSON.parse(localStorage.getItem('user_profile')!)).toMatchObject({ account_language: 'es', language: 'de' });
  });

  it('says so when the save fails, and nothing changes', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    server.use(http.put('/v1/user/language', () => failure(500, 'Internal Server Error')));
    const { user } = open('/dashboard/settings', <Settings />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'Deutsch');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(select).toHaveDisplayValue('English');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(getCookie(LANGUAGE_COOKIE)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(saves()).toHaveLength(1);
  });
});

const sessions: Session[] = [
  {
    id: 's1',
    browser: 'Chrome',
    os: 'Android',
    device: 'mobile',
    country: 'DE',
    created_at: '2026-01-05T10:00:00.000Z',
    last_used_at: new Date(Date.now() - 3600_000).toISOString(),
    current: false,
  },
  {
    id: 's2',
    browser: 'Unknown browser',
    os: 'Unknown system',
    device: 'desktop',
    country: null,
    created_at: '2026-01-06T10:00:00.000Z',
    last_used_at: new Date(Date.now() - 7200_000).toISOString(),
    current: false,
  },
];

describe('the account screens in other languages', () => {
  it('Spanish: Security with its sessions, dates and relative times in Spanish', async () => {
    setLanguageWords('es', [appEs, accountEs]);
    server.use(securityIs(aSecurityOverview({ totp_enabled: true, recovery_codes_left: 1 })), ...sessionsAre(sessions));
    open('/dashboard/security', <Security />);
    expect(await screen.findByRole('heading', { name: 'Seguridad', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Te queda 1 de 10 códigos de recuperación.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Sesiones' });
    const [phone] = within(list).getAllByRole('listitem');
    expect(phone).toHaveTextContent('Chrome en Android');
    // Signed in to the minute, in the time zone of the browser.
    expect(phone).toHaveTextContent(
      /Alemania · Sesión iniciada el 5 ene 2026, \d{1,2}:00 · Última actividad: hace 1 hora/,
    );
    expect(screen.getByRole('button', { name: 'Cerrar la sesión: Chrome en Android' })).toBeInTheDocument();
    // A browser the API could not tell is named in Spanish too.
    expect(within(list).getByText('Navegador desconocido en sistema desconocido')).toBeInTheDocument();
  });

  it('Arabic: Your data and Security, with no English of the area left', async () => {
    setLanguageWords('ar', [appAr, accountAr]);
    // Signed in, as on the dashboard: the dialog names the account's cards from its list.
    authStore.setUser(aUser());
    server.use(securityIs(aSecurityOverview({ totp_enabled: true, recovery_codes_left: 3 })), ...sessionsAre(sessions));
    const data = open('/dashboard/data', <Data />);
    expect(await screen.findByRole('heading', { name: 'بياناتك', level: 1 })).toBeInTheDocument();
    expectNoEnglish();
    // The last question before deleting, with the card that goes and the authenticator's code.
    await data.user.click(screen.getByRole('button', { name: 'حذف حسابي' }));
    const last = await screen.findByRole('dialog', { name: 'هل تريد حذف حسابك نهائيًا؟' });
    expect(await within(last).findByLabelText('الرمز من تطبيق المصادقة')).toBeInTheDocument();
    expect(await within(last).findByText(/^@/)).toBeInTheDocument();
    expect(within(last).getByRole('button', { name: 'حذف حسابي' })).toBeInTheDocument();
    expectNoEnglish();
    await data.user.keyboard('{Escape}');

    const { user } = open('/dashboard/security', <Security />);
    await screen.findByRole('list', { name: 'الجلسات' });
    expect(screen.getByText(/ألمانيا/)).toBeInTheDocument();
    expectNoEnglish();

    // The confirm-identity dialog, and its check of an empty field.
    await user.click(screen.getByRole('button', { name: 'رموز استرداد جديدة' }));
    const dialog = await screen.findByRole('dialog', { name: 'رموز استرداد جديدة' });
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(await within(dialog).findByText('يُرجى إدخال كلمة المرور الحالية')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'استخدام تطبيق المصادقة بدلًا من ذلك' })).toBeInTheDocument();
    expectNoEnglish();
  });
});

/** No English sentence of the account area is on screen (the words that stay the same aside). */
function expectNoEnglish() {
  const text = document.body.textContent ?? '';
  const left = Object.values(english as Record<string, string>)
    .flatMap((message) => message.split(/\{[^{}]*\}|[{}]/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 4 && !['Sessions', 'Passkeys', 'sessions'].includes(piece))
    .filter((piece) => text.includes(piece));
  expect(left).toEqual([]);
}
