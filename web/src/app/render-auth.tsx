import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Messages } from '@lingui/core';
import { speakFrom, words } from '@/lib/i18n';
import type { Language } from '@shared/i18n/languages';
import { Component as AuthLayout } from './routes/auth/layout';
import { Component as ForgotPassword } from './routes/auth/forgot-password';
import { Component as Login } from './routes/auth/login';
import { Component as Register } from './routes/auth/register';

/** The sign-in screens rendered at build time, each into its own page (build/prerender-auth.ts). */
export const PRERENDERED_AUTH = [paths.login, paths.register, paths.forgotPassword] as const;

/** The HTML of one sign-in screen, in one language, as the app draws it for a visitor who is not signed in. */
// Build-time code: every language's words of these screens at hand (the app loads one language's).
// The landing page's words too: the sign-in pages' head says what the landing page's does.
const WORDS = import.meta.glob<{ messages: Messages }>(
  '../../../shared/i18n/compiled/{app,auth,login,register,forgot,landing}/*.ts',
  {
    eager: true,
  },
);

const t = words('landing');

const speak = (language: Language) => speakFrom(WORDS, language);

/**
 * The sign-in pages' head texts in one language (build/page-language.ts, headFor): the product's
 * name and promise, as on the landing page (kept out of the auth words, which the app loads).
 */
export function authHead(language: Language) {
  speak(language);
  return {
    title: t('landing.meta_title'),
    description: t('landing.meta_description'),
    ogDescription: t('landing.og_description'),
  };
}

export function renderAuth(path: (typeof PRERENDERED_AUTH)[number], language: Language): string {
  speak(language);
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<AuthLayout />}>
          <Route path={paths.login} element={<Login />} />
          <Route path={paths.register} element={<Register />} />
          <Route path={paths.forgotPassword} element={<ForgotPassword />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}
