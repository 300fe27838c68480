import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Messages } from '@lingui/core';
import { forgetAppRouter } from '@/app/router';
import { loadToasts } from '@/components/toast';
import { authStore } from '@/lib/auth-store';
import { setLanguageWords } from '@/lib/i18n';
import { clearCachedProfile } from '@/lib/profile-cache';
import { forgetRefresh } from '@/lib/refresh-session';
import { forgetSessionCheck } from '@/lib/session-check';
import { forgetPublicConfig } from '@/lib/support';
import { contractBreaches } from './api/answer';
import { contractChecked, resetServer, server, unhandled } from './api/server';

// The app's words in English, every area at once (the router loads a screen's own in the app).
const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });
setLanguageWords(
  'en',
  Object.values(ENGLISH).map((module) => module.messages),
);

// The toasts' code in from the start, as on a page once its first toast was asked for: a toast
// shows on the tick it is asked for (the app loads sonner with its first toast,
// components/toast.ts; test/web/toast-loading.test.ts follows that wait).
await loadToasts();

// A screen's chunks (a form's validation, the picker's icons) load on first use; on a cold or
// busy machine the first import alone can pass the library's 1 s default. Waiting longer only
// changes how long a failing test takes to say so.
configure({ asyncUtilTimeout: 5000 });

// happy-dom's default address, where every test starts.
const PAGE_URL = 'http://localhost:3000/';

// The app's requests go to the shared handlers (test/web/api); one nobody handles fails as a
// network error in the app and fails its test below, naming the request.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(resetServer);

// Each test starts signed out with empty storage and the default answers.
afterEach(async () => {
  cleanup();
  // Toasts still showing would be replayed into the next test's toaster.
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  authStore.reset();
  // The profile cache also lives in memory (docs/product.md §9), which outlasts localStorage.clear().
  clearCachedProfile();
  // So is the public configuration (the support contacts), read once per page load.
  forgetPublicConfig();
  // And whatever else the app keeps for the life of a page: the router (made at the address of
  // its first test) with its redirect, a refresh still waiting, the last session check. The
  // files of this project share one page and one copy of the app (vitest.config.ts).
  forgetAppRouter();
  forgetRefresh();
  forgetSessionCheck();
  freshPage();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  await contractChecked();
  if (unhandled.length > 0) throw new Error(`No handler answered: ${unhandled.join(', ')} (test/web/api)`);
  if (contractBreaches.length > 0) throw new Error(contractBreaches.join('\n'));
});

/**
 * The page as the first test found it: its address (a router's navigation, a test's pushState,
 * a download's blob: link that happy-dom follows), and <html> without the language, direction,
 * colour scheme or flags a test left on it.
 */
function freshPage() {
  const { happyDOM } = window as unknown as { happyDOM: { setURL(url: string): void } };
  if (location.href !== PAGE_URL) happyDOM.setURL(PAGE_URL);
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  document.title = '';
}
