import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RouteError } from '@/components/errors/route-error';
import { SectionError } from '@/components/errors/section-error';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { loadWords, type WebArea } from '@/lib/i18n';
import { sessionEnded } from '@/lib/session-check';

/** A screen's code and its words (web/src/lib/i18n.ts), fetched side by side. */
const withWords =
  <T,>(areas: WebArea[], load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadWords('app', ...areas)]).then(([module]) => module);

// Route-level code splitting: each screen is its own chunk, so the landing and auth screens
// never download the dashboard's code (README, Decisions: budgets are tests).
const routes: RouteObject[] = [
  { path: paths.home, lazy: withWords(['landing'], () => import('./routes/landing')), errorElement: <RouteError /> },
  { path: paths.auth, element: <Navigate to={paths.login} replace /> },
  {
    lazy: withWords(['auth'], () => import('./routes/auth/layout')),
    errorElement: <RouteError />,
    children: [
      { path: paths.login, lazy: withWords(['login'], () => import('./routes/auth/login')) },
      { path: paths.register, lazy: withWords(['register'], () => import('./routes/auth/register')) },
      { path: paths.forgotPassword, lazy: withWords(['forgot'], () => import('./routes/auth/forgot-password')) },
      { path: paths.verifyOtp, lazy: withWords(['signin'], () => import('./routes/auth/verify-otp')) },
      { path: paths.resetPassword, lazy: withWords(['signin'], () => import('./routes/auth/reset-password')) },
    ],
  },
  // Full screen, without the shell or its guard: it must open offline once shown.
  {
    path: paths.myQr,
    lazy: withWords(['shell', 'share'], () => import('./routes/my-qr')),
    errorElement: <RouteError />,
  },
  {
    path: paths.dashboard,
    lazy: withWords(['shell'], () => import('./routes/dashboard/layout')),
    errorElement: <RouteError />,
    children: [
      {
        // Pathless: a failing section shows its error inside the shell, which stays usable.
        errorElement: <SectionError />,
        children: [
          { index: true, lazy: withWords(['shell', 'stats', 'cards'], () => import('./routes/dashboard/overview')) },
          { path: paths.profile, lazy: withWords(['shell', 'profile'], () => import('./routes/dashboard/profile')) },
          { path: paths.links, lazy: withWords(['shell', 'links'], () => import('./routes/dashboard/links')) },
          { path: paths.themes, lazy: withWords(['shell', 'looks'], () => import('./routes/dashboard/themes')) },
          { path: paths.templates, lazy: withWords(['shell', 'looks'], () => import('./routes/dashboard/templates')) },
          { path: paths.stats, lazy: withWords(['shell', 'stats'], () => import('./routes/dashboard/stats')) },
          { path: paths.share, lazy: withWords(['shell', 'share'], () => import('./routes/dashboard/share')) },
          { path: paths.contacts, lazy: withWords(['shell', 'stats'], () => import('./routes/dashboard/contacts')) },
          { path: paths.settings, lazy: withWords(['shell', 'account'], () => import('./routes/dashboard/settings')) },
          { path: paths.security, lazy: withWords(['shell', 'account'], () => import('./routes/dashboard/security')) },
          { path: paths.data, lazy: withWords(['shell', 'account'], () => import('./routes/dashboard/data')) },
          { path: paths.orgs, lazy: withWords(['shell', 'orgs'], () => import('./routes/dashboard/orgs')) },
          { path: paths.org, lazy: withWords(['shell', 'orgs'], () => import('./routes/dashboard/org')) },
          { path: paths.orgTab, lazy: withWords(['shell', 'orgs'], () => import('./routes/dashboard/org')) },
          { path: paths.orgClaim, lazy: withWords(['shell', 'orgs'], () => import('./routes/dashboard/org-claim')) },
          { path: paths.orgJoin, lazy: withWords(['shell', 'orgs'], () => import('./routes/dashboard/org-join')) },
        ],
      },
    ],
  },
  // No /admin here: the console is a page of its own (web/admin.html, src/admin-main.tsx) that the
  // Worker serves to operators only; to the app, /admin is an unknown path like any other.
  { path: paths.icons, lazy: withWords(['shell'], () => import('./routes/icons')), errorElement: <RouteError /> },
  { path: '*', lazy: withWords(['shell'], () => import('./routes/not-found')) },
];

function createAppRouter() {
  const made = createBrowserRouter(routes);
  // docs/product.md §4: when a 401 cannot be refreshed the tokens are gone; forget the user too (so
  // the sign-in screen does not bounce back) and go there without reloading the app.
  setSessionExpiredHandler(() => {
    authStore.clearUser();
    // The sign-in screen says why the dashboard went (docs/product.md §2, Sign in).
    authStore.setAuthError(sessionEnded());
    void made.navigate(paths.login, { replace: true });
  });
  return made;
}

// The page's one router, made on first use (main.tsx asks at once) at the page's address.
let router: ReturnType<typeof createAppRouter> | null = null;
const appRouter = () => (router ??= createAppRouter());

/** Forgets the router and its redirect (tests start each case from a fresh page, at its own address). */
export function forgetAppRouter() {
  router?.dispose();
  router = null;
  setSessionExpiredHandler();
}

export const AppRouter = () => <RouterProvider router={appRouter()} />;

/** Resolves once the first route's code has loaded, so the app's first paint is the whole screen. */
export function routerReady(): Promise<void> {
  const current = appRouter();
  return current.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const stop = current.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
}
