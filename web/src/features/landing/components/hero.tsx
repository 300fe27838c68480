import { ArrowRight, BarChart3, Briefcase, Code2, QrCode } from 'lucide-react';
import { paths } from '@/config/paths';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';

const t = words('landing');

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-brand-50 to-transparent dark:from-brand-600/10"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="text-center lg:text-start">
          <p className="inline-flex items-center rounded-full border border-brand-100 bg-white px-3 py-1 text-xs font-medium text-brand-700 dark:border-brand-600/30 dark:bg-slate-900 dark:text-brand-500">
            {t('landing.badge')}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('landing.hero_title')}
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-slate-600 lg:mx-0 dark:text-slate-300">
            {t('landing.hero_text')}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <a href={paths.register} className={cn(buttonClass('primary', 'lg'))}>
              {t('landing.get_started')}
              <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
            </a>
            <a href="#features" className={buttonClass('outline', 'lg')}>
              {t('landing.learn_more')}
            </a>
          </div>
        </div>
        <CardPreview />
      </div>
    </section>
  );
}

/** A drawn sample card: what the product makes, without loading any image. */
function CardPreview() {
  return (
    <div aria-hidden className="mx-auto w-full max-w-sm">
      <div className="rotate-1 rounded-3xl border border-slate-200 bg-white p-6 shadow-2xl shadow-brand-600/10 dark:border-slate-800 dark:bg-slate-900">
        <div className="h-20 rounded-2xl bg-gradient-to-r from-brand-500 to-violet-500" />
        <div className="-mt-10 flex flex-col items-center text-center">
          <div className="flex h-20 w-20 items-center justify-center rounded-full border-4 border-white bg-violet-600 text-2xl font-bold text-white dark:border-slate-900">
            AL
          </div>
          <p className="mt-3 text-lg font-semibold">Ada Lovelace</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            <span dir="ltr">@ada</span> · {t('landing.preview_role')}
          </p>
        </div>
        <ul className="mt-5 space-y-2 text-sm font-medium">
          {[
            { Icon: Code2, label: 'GitHub' },
            { Icon: Briefcase, label: 'LinkedIn' },
            { Icon: QrCode, label: t('landing.preview_scan') },
          ].map(({ Icon, label }) => (
            <li
              key={label}
              className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-700"
            >
              <Icon className="h-4 w-4 text-brand-600" />
              {label}
            </li>
          ))}
        </ul>
        <div className="mt-5 flex items-center justify-between rounded-xl bg-slate-50 px-4 py-3 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <span className="inline-flex items-center gap-1.5">
            <BarChart3 className="h-4 w-4 text-brand-600" /> {t('landing.preview_views', { count: 1284 })}
          </span>
          <span>{t('landing.preview_clicks', { count: 312 })}</span>
        </div>
      </div>
    </div>
  );
}
