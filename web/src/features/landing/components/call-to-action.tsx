import { paths } from '@/config/paths';
import { Brand } from '@/components/brand';
import { LanguageLinks } from '@/components/language-links';
import { buttonClass } from '@/components/ui/button';
import { words } from '@/lib/i18n';

const t = words('landing');

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-600 to-violet-600 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing.cta_title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-brand-50">{t('landing.cta_text')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={paths.register} className={buttonClass('inverse', 'lg')}>
            {t('landing.cta_start')}
          </a>
          <a href={paths.login} className={buttonClass('outline-inverse', 'lg')}>
            {t('landing.sign_in')}
          </a>
        </div>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 py-10 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 text-sm text-slate-500 sm:flex-row sm:px-6 dark:text-slate-400">
        <Brand className="text-slate-900 dark:text-slate-100" />
        <nav aria-label={t('landing.footer')} className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          <a href="#features" className="hover:text-slate-900 dark:hover:text-white">
            {t('landing.features')}
          </a>
          <a href="#how-it-works" className="hover:text-slate-900 dark:hover:text-white">
            {t('landing.how_it_works')}
          </a>
          <a href={paths.icons} className="hover:text-slate-900 dark:hover:text-white">
            {t('landing.icons')}
          </a>
          <a href={paths.login} className="hover:text-slate-900 dark:hover:text-white">
            {t('landing.sign_in')}
          </a>
        </nav>
        {/* Prerendered at build time: the client corrects the year when it differs. */}
        <p suppressHydrationWarning>&copy; {new Date().getFullYear()} Cardlink</p>
      </div>
      {/* The page in another language: plain links, so they work before the page's script. */}
      <LanguageLinks className="mx-auto mt-6 max-w-6xl px-4 text-xs text-slate-500 sm:px-6 dark:text-slate-400" />
    </footer>
  );
}
