import { useEffect } from 'react';
import { api } from './api-client';
import { words } from './i18n';

const t = words('shell');

// Without this, a tab whose session was ended elsewhere (a password change signs out every other
// session, as does 'Sign out of all devices') would keep showing the dashboard until reloaded, since its
// data is cached and nothing was asked. When the tab comes back into view, one light read asks
// the server; a 401 that no refresh can mend ends the tab's session like any other call
// (api-client.ts), and the sign-in screen says why (sessionEnded).
const AT_MOST_EVERY_MS = 30_000;

/** Why the sign-in screen is back, in the app's language (compared by the sign-in form to pick its tone). */
export const sessionEnded = () => t('shell.session_ended');

let lastCheck = 0;

/** Forgets the last check (tests start each case from a fresh page). */
export const forgetSessionCheck = () => {
  lastCheck = 0;
};

function checkSession() {
  if (document.visibilityState !== 'visible' || Date.now() - lastCheck < AT_MOST_EVERY_MS) return;
  lastCheck = Date.now();
  api.get('/v1/user/profile').catch(() => undefined);
}

/** While the dashboard is open: the session is checked whenever the tab is looked at again. */
export function useSessionCheck() {
  useEffect(() => {
    lastCheck = Date.now();
    document.addEventListener('visibilitychange', checkSession);
    window.addEventListener('focus', checkSession);
    return () => {
      document.removeEventListener('visibilitychange', checkSession);
      window.removeEventListener('focus', checkSession);
    };
  }, []);
}
