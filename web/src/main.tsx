import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { AppProvider } from './app/provider';
import { AppRouter, routerReady } from './app/router';
import { initializeAuth } from './lib/auth';
import { applyColorScheme } from './lib/color-scheme';
import { applyLanguage, loadWords, words } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import './styles/index.css';

applyColorScheme();
applyLanguage();
// The router, made now, loads the first screen's code beside the app's words; the session is
// checked meanwhile, so a signed-in owner's screen is drawn once its code is there, not a round
// trip to the server later.
const routed = routerReady();
void initializeAuth();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProvider authStarted>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

if (container.hasAttribute('data-prerendered')) {
  // A sign-in screen rendered at build time stays on screen until the app can draw the same
  // screen in one go, with what the visitor typed meanwhile (web/src/lib/prerendered.ts, loaded
  // only here so other screens do not carry it), and not under a press that began on it.
  void Promise.all([routed, import('./lib/prerendered'), loadWords('app')]).then(async ([, prerendered]) => {
    await prerendered.pressEnded();
    const handOver = prerendered.takeOver(container);
    const root = createRoot(container);
    flushSync(() => root.render(app));
    handOver();
  });
} else {
  // Drawn once, when the first screen's code and the shell's words are in (a screen's own come
  // with its code, app/router.tsx): drawn before, the router has nothing to show yet, and the
  // screen came in a second render, sliced into small tasks as a transition, about 150 ms later
  // on the bench's phone (docs/decisions/0096). The page's title is index.html's English; the
  // prerendered pages have their own language's.
  void Promise.all([routed, loadWords('app')]).then(() => {
    document.title = words('app')('app.page_title');
    createRoot(container).render(app);
  });
}

registerServiceWorker();
