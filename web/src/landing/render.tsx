import type { Messages } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { LandingPage } from '@/features/landing/components/landing-page';
import { speakFrom, words } from '@/lib/i18n';
import type { Language } from '@shared/i18n/languages';

// Build-time code: every language's words of the page at hand (the page loads one language's).
const WORDS = import.meta.glob<{ messages: Messages }>('../../../shared/i18n/compiled/{app,landing}/*.ts', {
  eager: true,
});

const t = words('landing');

const speak = (language: Language) => speakFrom(WORDS, language);

/** The landing page's HTML in one language, rendered at build time (build/prerender-landing.ts). */
export function renderLanding(language: Language): string {
  speak(language);
  return renderToString(<LandingPage />);
}

/** The landing page's head texts in one language (build/page-language.ts, headFor). */
export function landingHead(language: Language) {
  speak(language);
  return {
    title: t('landing.meta_title'),
    description: t('landing.meta_description'),
    ogDescription: t('landing.og_description'),
  };
}
