import type { Messages } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as Landing } from '@/app/routes/landing';
import { Component as Login } from '@/app/routes/auth/login';
import { Component as Register } from '@/app/routes/auth/register';
import { setLanguageWords } from '@/lib/i18n';
import type { Language } from '@shared/i18n/languages';
import authEnglish from '../../shared/i18n/catalogues/auth/en.json';
import landingEnglish from '../../shared/i18n/catalogues/landing/en.json';
import authSame from '../../shared/i18n/catalogues/auth/same.json';
import landingSame from '../../shared/i18n/catalogues/landing/same.json';
import { expectFieldError, renderRoutes } from './helpers';

// The sign-in screens and the landing page in another language, validation included.
const WORDS = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/*.ts', { eager: true });
const wordsOf = (language: string) =>
  Object.entries(WORDS)
    .filter(([file]) => file.endsWith(`/${language}.ts`))
    .map(([, module]) => module.messages);
const speak = (language: Language) => setLanguageWords(language, wordsOf(language.toLowerCase()));

/** The English of an area still on screen: texts, placeholders and labels (names kept as they are). */
function englishLeft(catalogue: Record<string, string>, same: string[]) {
  const shown = [
    document.body.textContent ?? '',
    ...[...document.querySelectorAll('[placeholder], [aria-label]')].flatMap((element) => [
      element.getAttribute('placeholder') ?? '',
      element.getAttribute('aria-label') ?? '',
    ]),
  ].join('\n');
  return Object.entries(catalogue)
    .filter(([key]) => !same.includes(key))
    .flatMap(([, message]) => message.split(/<\/?\d>|\{[^}]*\}/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 3 && shown.includes(piece));
}

beforeEach(() => speak('en'));
afterEach(() => speak('en'));

describe('the sign-in screens in other languages', () => {
  it('Spanish: the login screen and the schema’s messages under its fields', async () => {
    speak('es');
    const { user } = renderRoutes([{ path: '/auth/login', element: <Login /> }], '/auth/login');
    expect(screen.getByRole('heading', { name: 'Hola de nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crea una' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByText('¿No tienes cuenta?', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const email = screen.getByLabelText('Correo electrónico');
    await vi.waitFor(() => expectFieldError(email, 'Introduce una dirección de correo electrónico válida'));
    expectFieldError(screen.getByLabelText('Contraseña'), 'La contraseña debe tener al menos 6 caracteres');
  });

  it('Arabic: the registration screen, with no English of its own left', async () => {
    speak('ar');
    const { user } = renderRoutes([{ path: '/auth/register', element: <Register /> }], '/auth/register');
    expect(screen.getByRole('heading', { name: 'أنشئ حسابك' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إنشاء حساب' }));
    await vi.waitFor(() => expectFieldError(screen.getByLabelText('الاسم الكامل'), 'يجب ألا يقل الاسم عن حرفين'));
    expectFieldError(screen.getByLabelText('اسم المستخدم'), 'يجب ألا يقل اسم المستخدم عن 3 أحرف');
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('dir', 'ltr');
    expect(englishLeft(authEnglish, authSame)).toEqual([]);
  });
});

describe('the landing page in other languages', () => {
  it('Arabic: every word of the page, with the language links in its footer', () => {
    speak('ar');
    renderRoutes([{ path: '/', element: <Landing /> }], '/');
    expect(screen.getByRole('heading', { level: 1, name: 'هويتك الرقمية ببساطة' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'مستعد لتعريف الناس بك؟' })).toBeInTheDocument();
    const languages = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'اللغات' });
    expect(within(languages).getByRole('link', { name: 'Español' })).toHaveAttribute('href', '?lang=es');
    expect(within(languages).getByRole('link', { name: 'العربية' })).toHaveAttribute('aria-current', 'true');
    expect(englishLeft(landingEnglish, landingSame)).toEqual([]);
  });
});
