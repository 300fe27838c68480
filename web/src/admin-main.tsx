import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RouteError } from '@/components/errors/route-error';
import { AppProvider } from './app/provider';
import { applyColorScheme } from './lib/color-scheme';
import { loadWords, setLanguageWords } from './lib/i18n';
import './styles/index.css';

// The operators' console as a page of its own (web/admin.html): the Worker serves it at /admin to
// an operator only, and to everyone else what any unknown path gets (worker/routes/admin-page.ts).
// The app's own router has no /admin, so its code is in no user's bundle.

applyColorScheme();

/** Anywhere else belongs to the app: a full page load takes the person there (sign-in, home). */
function LeaveConsole() {
  const { pathname, search } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}`), [pathname, search]);
  return null;
}

const router = createBrowserRouter([
  { path: paths.admin, lazy: () => import('./app/routes/admin'), errorElement: <RouteError /> },
  { path: '*', element: <LeaveConsole /> },
]);

// The console speaks English to every operator (docs/product.md §8: the cardholders' screens are
// translated, the operators' are not): its shared parts (a dialog's Close, the theme switch) load their English words.
setLanguageWords('en', []);
void loadWords('app', 'shell').then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  ),
);
