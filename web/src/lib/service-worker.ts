// docs/product.md §1: a worker at /sw.js with scope /. An update (a new worker taking control)
// reloads the page; being ready for offline use is only logged.
//
// A page calls this from its own entry and again from the app's when that arrives (the sign-in
// screens load the app on first touch). Only the first call counts: the app's entry could
// otherwise find the controller a first install has just claimed, before that claim's
// 'controllerchange' is dispatched, take it for an update, and reload the page under the
// visitor's typing. The mark lives on the container, shared by every bundle of the page.
const WATCHED = Symbol.for('cardlink.service-worker.watched');

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const container = navigator.serviceWorker as ServiceWorkerContainer & { [WATCHED]?: true };
  if (container[WATCHED]) return;
  container[WATCHED] = true;
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        if (registration.active && !hadController) console.info('App ready to work offline');
        registration.addEventListener('updatefound', () => {
          const worker = registration.installing;
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'activated' && !navigator.serviceWorker.controller) {
              console.info('App ready to work offline');
            }
          });
        });
      })
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  // Once the page has loaded and then only when it is idle: the dashboard's page has loaded when
  // the last of its first screen's files is in, while that screen is still being drawn, and the
  // worker's install fetches files of its own (docs/decisions/0096).
  window.addEventListener(
    'load',
    () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void register(), { timeout: 2000 });
      else setTimeout(() => void register(), 0);
    },
    { once: true },
  );
}
