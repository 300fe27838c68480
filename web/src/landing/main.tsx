import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingPage } from '@/features/landing/components/landing-page';
import { applyColorScheme, watchSystemScheme } from '@/lib/color-scheme';
import { registerServiceWorker } from '@/lib/service-worker';
import '../styles/index.css';

// The landing page's own entry: its HTML is already there (prerendered at build time), so this
// only makes the theme switch and the menu work, without the app's router, queries or toasts.
applyColorScheme();
watchSystemScheme();

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <LandingPage />
  </StrictMode>,
);

registerServiceWorker();
