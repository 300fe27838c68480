import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingPage } from '@/features/landing/components/landing-page';
import { applyLanguage, loadWords } from '@/lib/i18n';

// Makes the prerendered landing page interactive (loaded by web/src/landing/main.ts on the
// visitor's first move); the flag lets clicks through to React from then on.
// Its words first, in the language the page was rendered in, so React draws the same page.
export const ready = loadWords('app', 'landing').then(() => {
  applyLanguage();
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
  document.documentElement.dataset.hydrated = 'true';
});
