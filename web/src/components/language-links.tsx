import { LANGUAGE_NAMES, LANGUAGES } from '@shared/i18n/languages';
import { appLanguage, chooseLanguage, words } from '@/lib/i18n';
import { cn } from '@/lib/cn';

const t = words('app');

/**
 * The footer's language switch on the landing and sign-in pages (issue 26): each language named in
 * itself. Plain links (?lang=xx, kept by the Worker in a cookie), so they work on a page still
 * waiting for its script; once the app runs, the choice is kept and the page reloads in it.
 */
export function LanguageLinks({ className }: { className?: string }) {
  const current = appLanguage();
  return (
    <nav aria-label={t('app.languages')} className={cn('flex flex-wrap justify-center gap-x-3 gap-y-1', className)}>
      {LANGUAGES.map((language) => (
        <a
          key={language}
          href={`?lang=${language}`}
          lang={language}
          hrefLang={language}
          aria-current={language === current ? 'true' : undefined}
          className={cn(
            'rounded px-1 py-0.5 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500',
            language === current && 'font-semibold text-slate-900 dark:text-slate-100',
          )}
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
