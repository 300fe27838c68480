import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Component as AuthLayout } from './routes/auth/layout';
import { Component as ForgotPassword } from './routes/auth/forgot-password';
import { Component as Login } from './routes/auth/login';
import { Component as Register } from './routes/auth/register';

/** The sign-in screens rendered at build time, each into its own page (build/prerender-auth.ts). */
export const PRERENDERED_AUTH = [paths.login, paths.register, paths.forgotPassword] as const;

/** The HTML of one sign-in screen as the app draws it for a visitor who is not signed in. */
export function renderAuth(path: (typeof PRERENDERED_AUTH)[number]): string {
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
