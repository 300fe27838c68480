import { applyColorScheme, watchSystemScheme } from '@/lib/color-scheme';
import { registerServiceWorker } from '@/lib/service-worker';
import '../styles/index.css';

// The landing page's own entry. Its HTML is already on screen (prerendered at build time) and its
// links work without a script; React, needed only by the theme switch and the phone menu, loads
// when the visitor first reaches for a control, so it never stands in the first paint's way nor
// holds up the main thread while the page loads (README, Decisions: the landing page).
applyColorScheme();
watchSystemScheme();
registerServiceWorker();

let hydrated: Promise<unknown> | null = null;
const hydrate = () => (hydrated ??= import('./hydrate').then((module) => module.ready));

// Pointing at, touching or tabbing to anything starts the download ahead of the click.
for (const type of ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const)
  document.addEventListener(type, () => void hydrate(), { once: true, passive: true, capture: true });

// A button pressed before React is there is pressed again once it is.
document.addEventListener(
  'click',
  (event) => {
    const button = (event.target as Element | null)?.closest('button');
    if (!button || document.documentElement.dataset.hydrated) return;
    event.preventDefault();
    event.stopPropagation();
    void hydrate().then(() => button.click());
  },
  { capture: true },
);
