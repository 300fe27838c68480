import { LEGACY_TOKEN_COOKIES, SESSION_HINT_COOKIE } from '@shared/session-cookies';
import { applyColorScheme, watchSystemScheme } from '@/lib/color-scheme';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles/index.css';

// The sign-in screens' own entry (README, Decisions: the sign-in screens). Their HTML is already on
// screen, rendered at build time; the app (React, the router, the form) loads when the visitor
// first reaches for a field or a link, and then takes over the page with whatever was typed. A
// signed-in visitor, who is sent on to the dashboard, gets the app at once.
applyColorScheme();
watchSystemScheme();
registerServiceWorker();

// The passkey button is drawn at build time; a browser without passkeys does not get it.
if (typeof window.PublicKeyCredential !== 'function') document.querySelector('[data-passkey]')?.remove();

// The app's entry (web/src/main.tsx, a hashed file), named by the page at build time.
const APP_ENTRY = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
let started: Promise<unknown> | null = null;
const start = () => (started ??= APP_ENTRY ? import(/* @vite-ignore */ APP_ENTRY) : Promise.resolve());

// Signed in (the session's hint cookie, or the tokens an earlier version kept, still to move).
const SIGNED_IN: string[] = [SESSION_HINT_COOKIE, LEGACY_TOKEN_COOKIES.access, LEGACY_TOKEN_COOKIES.refresh];
if (document.cookie.split('; ').some((part) => SIGNED_IN.includes(part.split('=')[0] ?? ''))) void start();
for (const type of ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const)
  document.addEventListener(type, () => void start(), { once: true, passive: true, capture: true });

// A press (a finger or a mouse button) that begins on this page and ends on the app's copy of the
// element sends no click, so a tap on "Sign in" as the app arrives would do nothing: while a press
// lasts the app waits to take over (web/src/lib/prerendered.ts, pressEnded).
const flags = document.documentElement.dataset;
document.addEventListener('pointerdown', () => void (flags.hydrated || (flags.pressed = 'true')), {
  capture: true,
  passive: true,
});
for (const type of ['pointerup', 'pointercancel'] as const)
  document.addEventListener(type, () => delete flags.pressed, { capture: true, passive: true });

// Before the app is there, a form is not sent the browser's way (that would put the password in
// the address) and a button has nothing behind it: the app sends or presses it once it has taken
// over (web/src/lib/prerendered.ts). Links are plain links and work as they are.
document.addEventListener(
  'submit',
  (event) => {
    if (flags.hydrated) return;
    event.preventDefault();
    flags.pendingSubmit = 'true';
    void start();
  },
  { capture: true },
);
document.addEventListener(
  'click',
  (event) => {
    if (flags.hydrated) return;
    const button = (event.target as Element | null)?.closest('button:not([type="submit"])');
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    flags.pendingClick = button.getAttribute('aria-label') ?? button.textContent ?? '';
    void start();
  },
  { capture: true },
);
