import { CheckCircle2, ChevronRight, Circle, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Link as CardLink, User } from '@shared/types';
import { paths } from '@/config/paths';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { dismissChecklist, useFirstRun, type FirstRunStep } from '@/lib/first-run';
import { cn } from '@/lib/cn';
import { useCardId } from '@/lib/use-card-in-view';
import { words } from '@/lib/i18n';

const t = words('stats');

const WHERE: Record<FirstRunStep['id'], string> = {
  photo: paths.profile,
  link: paths.links,
  theme: paths.themes,
  exchange: paths.contacts,
  share: paths.share,
};
const LABEL = {
  photo: 'stats.step_photo',
  link: 'stats.step_link',
  theme: 'stats.step_theme',
  exchange: 'stats.step_exchange',
  share: 'stats.step_share',
} as const satisfies Record<FirstRunStep['id'], string>;

/**
 * 'Get your card ready': five steps with their real progress, each a link to where it is done,
 * until they are all done or the owner puts the list away. Each card has its own: shown once the
 * card in view's id is known, so another card's memory never shows on it.
 */
export function FirstRunChecklist({ user, links }: { user: User; links: CardLink[] }) {
  const cardId = useCardId();
  return cardId ? <Checklist cardId={cardId} user={user} links={links} /> : null;
}

function Checklist({ cardId, user, links }: { cardId: string; user: User; links: CardLink[] }) {
  const { steps, complete, dismissed } = useFirstRun(cardId, user, links);
  if (complete || dismissed) return null;
  const done = steps.filter((step) => step.done).length;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>{t('stats.checklist')}</CardTitle>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('stats.checklist_done', { done, total: steps.length })}
          </p>
        </div>
        <button
          type="button"
          onClick={() => dismissChecklist(cardId)}
          className="inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <X className="h-4 w-4" aria-hidden />
          {t('stats.dismiss')}
        </button>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:grid-cols-2" aria-label={t('stats.steps')}>
          {steps.map((step) => (
            <li key={step.id}>
              <Link
                to={WHERE[step.id]}
                className={cn(
                  'flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2.5 text-sm font-medium hover:bg-slate-50 dark:hover:bg-slate-800/60',
                  step.done
                    ? 'border-emerald-200 text-slate-600 dark:border-emerald-900 dark:text-slate-300'
                    : 'border-slate-200 dark:border-slate-700',
                )}
              >
                {step.done ? (
                  <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
                ) : (
                  <Circle className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
                )}
                <span className={cn(step.done && 'line-through decoration-slate-400')}>{t(LABEL[step.id])}</span>
                <span className="sr-only">{step.done ? t('stats.step_done') : t('stats.step_todo')}</span>
                {/* Each row goes somewhere: the chevron says so, as a list row in an app does. */}
                <ChevronRight className="ms-auto h-4 w-4 shrink-0 text-slate-400 rtl:-scale-x-100" aria-hidden />
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
