import { useAccountLanguage } from '@/features/shell/hooks/use-account-language';
import { words } from '@/lib/i18n';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryProvider } from '@/app/query-provider';
import { Alert } from '@/components/ui/alert';
import { AuthGuard } from '@/features/shell/components/auth-guard';
import { useSessionCheck } from '@/lib/session-check';
import { DashboardHeader } from '@/features/shell/components/dashboard-header';
import { LazyMobileNav, useMobileNavState } from '@/features/shell/components/lazy-mobile-nav';
import { DESKTOP, useDesktop } from '@/features/shell/hooks/use-desktop';
import { Sidebar } from '@/features/shell/components/sidebar';
import { useAuthState } from '@/lib/auth-store';
import { CardSwitcher } from '@/features/cards/components/card-switcher';
import { useCardInView } from '@/lib/use-card-in-view';
import { currentUserQueryOptions } from '@/lib/current-user';
import { useQuery } from '@tanstack/react-query';

const t = words('shell');

// The logout confirmation loads on the first 'Log out' (scripts/bundle-size.ts, ON_DEMAND) and
// stays mounted after, so its close and clean-up timers run (docs/product.md §9).
const LogoutDialog = lazy(() =>
  import('@/features/shell/components/logout-dialog').then((module) => ({ default: module.LogoutDialog })),
);

const SIDEBAR_KEY = 'sidebar-collapsed';

/** The user's last choice, kept across reloads; until there is one, collapsed below 1024px (docs/product.md §2). */
function initialCollapsed() {
  try {
    const stored = localStorage.getItem(SIDEBAR_KEY);
    if (stored === 'true' || stored === 'false') return stored === 'true';
  } catch {
    // Storage blocked: the screen size decides.
  }
  return !window.matchMedia(DESKTOP).matches;
}

function rememberCollapsed(collapsed: boolean) {
  try {
    localStorage.setItem(SIDEBAR_KEY, String(collapsed));
  } catch {
    // Storage blocked or full: the choice lasts this visit only.
  }
}

/** The dashboard shell (docs/product.md §2): guard, sidebar or sheet, header, account menu. */
export function Component() {
  const [logoutOpen, setLogoutOpen] = useState(false);
  // After a successful logout the dialog closes and the redirect follows 50 ms later (docs/product.md
  // §4); until then the guard must not send the signed-out shell away on its own.
  const [leaving, setLeaving] = useState(false);
  return (
    <QueryProvider>
      <AuthGuard hold={logoutOpen || leaving}>
        <Shell logoutOpen={logoutOpen} setLogoutOpen={setLogoutOpen} onLeaving={() => setLeaving(true)} />
      </AuthGuard>
    </QueryProvider>
  );
}

type ShellProps = { logoutOpen: boolean; setLogoutOpen: (open: boolean) => void; onLeaving: () => void };

function Shell({ logoutOpen, setLogoutOpen, onLeaving }: ShellProps) {
  // Mounted from the first 'Log out' on (the dialog's code loads then).
  const [logoutAsked, setLogoutAsked] = useState(false);
  if (logoutOpen && !logoutAsked) setLogoutAsked(true);
  useSessionCheck();
  const user = useAuthState((state) => state.user);
  // The card in view (lib/card-in-view.ts): its profile feeds the header, and each screen starts
  // afresh on another card, with that card's answers.
  const card = useCardInView();
  const signedIn = useAuthState((state) => state.isAuthenticated);
  useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
  useAccountLanguage(user?.account_language);
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const toggleSidebar = () =>
    setCollapsed((value) => {
      rememberCollapsed(!value);
      return !value;
    });
  const [navOpen, setNavOpen] = useMobileNavState();
  // Drawn only where it shows: on a phone the sidebar was a quarter of the first screen's elements,
  // hidden, and drawing them was part of the cold start the bench measures (docs/decisions/0096).
  const desktop = useDesktop();
  return (
    <div className="flex min-h-svh bg-slate-50 dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:start-4 focus:top-4 dark:bg-slate-900"
      >
        {t('shell.skip_to_content')}
      </a>
      {desktop ? <Sidebar collapsed={collapsed} onToggle={toggleSidebar} /> : null}
      <LazyMobileNav open={navOpen} onOpenChange={setNavOpen} />
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader
          user={user}
          cardSwitcher={<CardSwitcher user={user} />}
          onOpenNav={() => setNavOpen(true)}
          onLogout={() => setLogoutOpen(true)}
        />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">
            {user?.takedown ? (
              <Alert className="mb-6">
                <p className="font-semibold">{t('shell.takedown')}</p>
                <p className="mt-1">{t('shell.takedown_reason', { reason: user.takedown.reason })}</p>
                <p className="mt-1">{t('shell.takedown_visitors')}</p>
              </Alert>
            ) : null}
            <Outlet key={card ?? ''} />
          </div>
        </main>
      </div>
      {logoutAsked ? (
        <Suspense fallback={null}>
          <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} onLeaving={onLeaving} />
        </Suspense>
      ) : null}
    </div>
  );
}
