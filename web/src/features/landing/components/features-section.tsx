import { BarChart3, LayoutTemplate, Palette, Share2, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';

const FEATURES = [
  {
    Icon: Share2,
    title: 'Easy Sharing',
    text: 'Share your card with a link, a QR code, NFC or email. One tap and people have everything they need.',
  },
  {
    Icon: LayoutTemplate,
    title: 'Beautiful Templates',
    text: 'Pick a template and a theme, or design your own colours and fonts. Your card looks like you.',
  },
  {
    Icon: BarChart3,
    title: 'Analytics & Insights',
    text: 'See your profile views, link clicks and interactions, and learn which links people open most.',
  },
];

const STEPS = [
  { Icon: UserPlus, title: 'Create your account', text: 'Sign up in seconds with your name, username and email.' },
  {
    Icon: Palette,
    title: 'Customize your card',
    text: 'Add your photo, bio and links, then choose a template and theme.',
  },
  {
    Icon: Share2,
    title: 'Share it everywhere',
    text: 'Send your link or show your QR code, and watch the views come in.',
  },
];

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
        <SectionHeading id="features-title" title="Everything your card needs">
          Templates that look great on any screen, and analytics that show what works.
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
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{text}</p>
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
        <SectionHeading id="how-title" title="How It Works">
          Three steps from sign-up to your first scan.
        </SectionHeading>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ Icon, title, text }, index) => (
            <li key={title} className="relative rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900">
              <span
                className="absolute right-6 top-6 text-4xl font-extrabold text-slate-100 dark:text-slate-800"
                aria-hidden
              >
                {index + 1}
              </span>
              <Icon className="h-8 w-8 text-brand-600 dark:text-brand-500" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
