import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Messages } from '@lingui/core';
import { authStore } from '@/lib/auth-store';
import { setLanguageWords } from '@/lib/i18n';
import { clearCachedProfile } from '@/lib/profile-cache';
import { forgetPublicConfig } from '@/lib/support';
import { contractBreaches } from './api/answer';
import { contractChecked, resetServer, server, unhandled } from './api/server';

// The app's words in English, every area at once (the router loads a screen's own in the app).
const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });
setLanguageWords(
  'en',
  Object.values(ENGLISH).map((module) => module.messages),
);

// A screen's chunks (a form's validation, the picker's icons) load on first use; on a cold or
// busy machine the first import alone can pass the library's 1 s default. Waiting longer only
// changes how long a failing test takes to say so.
configure({ asyncUtilTimeout: 5000 });

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
  localStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  await contractChecked();
  if (unhandled.length > 0) throw new Error(`No handler answered: ${unhandled.join(', ')} (test/web/api)`);
  if (contractBreaches.length > 0) throw new Error(contractBreaches.join('\n'));
});
