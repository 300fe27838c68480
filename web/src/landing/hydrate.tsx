import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingPage } from '@/features/landing/components/landing-page';

// Makes the prerendered landing page interactive (loaded by web/src/landing/main.ts on the
// visitor's first move); the flag lets clicks through to React from then on.
hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <LandingPage />
  </StrictMode>,
);
document.documentElement.dataset.hydrated = 'true';
