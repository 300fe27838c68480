import { useEffect } from 'react';
import type { Language } from '@shared/i18n/languages';
import { appLanguage, chooseLanguage } from '@/lib/i18n';

const TRIED = 'cl-language-followed';

/**
 * The dashboard speaks the account's language (docs/product.md §8): signed in on a browser that speaks
 * another, the app keeps the account's for this browser and reloads in it. Once per language per
 * tab, so a browser that refuses the cookie is not reloaded over and over.
 */
export function useAccountLanguage(language: Language | undefined) {
  useEffect(() => {
    if (!language || language === appLanguage()) return;
    try {
      if (sessionStorage.getItem(TRIED) === language) return;
      sessionStorage.setItem(TRIED, language);
    } catch {
      // Storage blocked: the cookie alone decides, and a refused one costs one reload.
    }
    chooseLanguage(language);
  }, [language]);
}
