import type { Messages } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { LandingPage } from '@/features/landing/components/landing-page';
import { setLanguageWords } from '@/lib/i18n';
import type { Language } from '@shared/i18n/languages';

// Build-time code: every language's words of the page at hand (the page loads one language's).
const WORDS = import.meta.glob<{ messages: Messages }>('../../../shared/i18n/compiled/{app,landing}/*.ts', {
  eager: true,
});

/** The landing page's HTML in one language, rendered at build time (build/prerender-landing.ts). */
export function renderLanding(language: Language): string {
  setLanguageWords(
    language,
    Object.entries(WORDS)
      .filter(([file]) => file.endsWith(`/${language.toLowerCase()}.ts`))
      .map(([, module]) => module.messages),
  );
  return renderToString(<LandingPage />);
}
