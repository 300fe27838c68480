import { LANGUAGE_NAMES, LANGUAGES } from '@shared/i18n/languages';
import { appLanguage, chooseLanguage, words } from '@/lib/i18n';

const t = words('app');

/**
 * The footer's language switch on the landing and sign-in pages (docs/product.md §8): each language named in
 * itself. Plain links (?lang=xx, kept by the Worker in a cookie), so they work on a page still
 * waiting for its script; once the app runs, the choice is kept and the page reloads in it.
 */
export function LanguageLinks({ className = '' }: { className?: string }) {
  return (
    // Each name 40px tall (the text alone was 20px): on a phone the row of six is tapped with a thumb.
    <nav aria-label={t('app.languages')} className={`flex flex-wrap justify-center gap-x-2 ${className}`}>
      {LANGUAGES.map((language) => (
        <a
          key={language}
          href={`?lang=${language}`}
          lang={language}
          aria-current={language === appLanguage() || undefined}
          className="inline-flex min-h-10 items-center rounded px-1.5 hover:underline aria-[current]:font-semibold"
          onClick={(event) => {
            event.preventDefault();
            chooseLanguage(language);
          }}
        >
          {LANGUAGE_NAMES[language]}
        </a>
      ))}
    </nav>
  );
}
