import { BarChart3, LayoutTemplate, Palette, Share2, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { words } from '@/lib/i18n';

const t = words('landing');

// Keys, not words: the page is drawn in the language of the moment (each language at build time).
const FEATURES = [
  { Icon: Share2, title: 'landing.sharing_title', text: 'landing.sharing_text' },
  { Icon: LayoutTemplate, title: 'landing.templates_title', text: 'landing.templates_text' },
  { Icon: BarChart3, title: 'landing.analytics_title', text: 'landing.analytics_text' },
] as const;

const STEPS = [
  { Icon: UserPlus, title: 'landing.create_title', text: 'landing.create_text' },
  { Icon: Palette, title: 'landing.customize_title', text: 'landing.customize_text' },
  { Icon: Share2, title: 'landing.share_title', text: 'landing.share_text' },
] as const;

export function SectionHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{children}</p>
    </div>
  );
}

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-title" title={t('landing.features_title')}>
          {t('landing.features_text')}
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-600/15 dark:text-brand-500">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{t(title)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{t(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="scroll-mt-16 bg-slate-50 py-20 dark:bg-slate-900/50"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" title={t('landing.how_it_works')}>
          {t('landing.how_text')}
        </SectionHeading>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ Icon, title, text }, index) => (
            <li key={title} className="relative rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900">
              <span
                className="absolute end-6 top-6 text-4xl font-extrabold text-slate-100 dark:text-slate-800"
                aria-hidden
              >
                {index + 1}
              </span>
              <Icon className="h-8 w-8 text-brand-600 dark:text-brand-500" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">{t('landing.step', { number: index + 1 })}</span>
                {t(title)}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{t(text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
