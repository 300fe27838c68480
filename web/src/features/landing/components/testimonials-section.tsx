import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';
import { quoteParts, TESTIMONIALS } from '../testimonials';
import { SectionHeading } from './features-section';

const t = words('landing');

const TONES = {
  blue: {
    ring: 'ring-blue-500/30',
    chip: 'bg-blue-50 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300',
    bar: 'bg-blue-500',
  },
  purple: {
    ring: 'ring-violet-500/30',
    chip: 'bg-violet-50 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300',
    bar: 'bg-violet-500',
  },
} as const;

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-16 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" title={t('landing.testimonials_title')}>
          {t('landing.testimonials_text')}
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => {
            const tone = TONES[testimonial.color];
            return (
              <li
                key={testimonial.name}
                className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <span aria-hidden className={cn('absolute inset-x-0 top-0 h-1', tone.bar)} />
                <figure className="flex flex-1 flex-col">
                  <blockquote className="flex-1 text-sm leading-6 text-slate-700 dark:text-slate-200">
                    <p>
                      &ldquo;
                      {quoteParts(t(testimonial.quote)).map((part, index) =>
                        index % 2 ? (
                          <strong key={index} className="font-semibold text-slate-900 dark:text-white">
                            {part}
                          </strong>
                        ) : (
                          part
                        ),
                      )}
                      &rdquo;
                    </p>
                  </blockquote>
                  <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t('landing.keywords')}>
                    {testimonial.keywords.map((keyword) => (
                      <li key={keyword} className={cn('rounded-full px-2 py-0.5 text-xs font-medium', tone.chip)}>
                        {t(keyword)}
                      </li>
                    ))}
                  </ul>
                  <figcaption className="mt-5 flex items-center gap-3">
                    <img
                      src={testimonial.image}
                      alt=""
                      width={44}
                      height={44}
                      className={cn('h-11 w-11 rounded-full ring-4', tone.ring)}
                    />
                    <span>
                      <span dir="auto" className="block text-sm font-semibold">
                        {testimonial.name}
                      </span>
                      <span className="block text-xs text-slate-500 dark:text-slate-400">{t(testimonial.title)}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
