// docs/product.md §1: a worker at /sw.js with scope /. An update (a new worker taking control)
// reloads the page; being ready for offline use is only logged.
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  window.addEventListener(
    'load',
    () => {
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
    },
    { once: true },
  );
}
