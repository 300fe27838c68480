import type { Stats } from '@shared/schemas/stats';
import { cn } from '@/lib/cn';
import { formatCount, formatDay } from '@/lib/format';
import { words } from '@/lib/i18n';

const t = words('stats');

/** The axis' top: the smallest 1, 2, 4, 6 or 8 times a power of ten at or above the highest bar. */
export function axisMax(highest: number): number {
  if (highest <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(highest));
  const nice = [1, 2, 4, 6, 8].map((step) => step * power).find((value) => value >= highest);
  return nice ?? 10 * power;
}

/** Which days get a date under the axis: about six, evenly spaced, always the first and the last. */
export function labelledDays(count: number): Set<number> {
  const every = Math.max(1, Math.ceil(count / 6));
  const days = new Set<number>();
  for (let i = 0; i < count; i += every) days.add(i);
  const lastRegular = Math.floor((count - 1) / every) * every;
  if (count > 0 && lastRegular !== count - 1) {
    // The last day always gets its date; a regular label too close to it gives way.
    if (lastRegular !== 0 && count - 1 - lastRegular < every / 2) days.delete(lastRegular);
    days.add(count - 1);
  }
  return days;
}

/**
 * Views and clicks per day over the period shown, drawn as HTML bars (no chart library: the
 * dashboard's first load stays small). It reads the same with one day or ninety: a scale at the
 * start, bars no wider than a finger and no thinner than a hairline, and an empty day drawn as a
 * mark on the baseline. The same numbers are in a visually hidden table.
 *
 * Right to left (Arabic), the chart mirrors with the page: the scale stands on the right and time
 * runs from right to left, the way the reader's eye and the rest of the mirrored screen go (the
 * Recent Activity list, the progress bars); the figures themselves are never mirrored.
 */
export function DailyChart({
  daily,
  period,
}: {
  daily: Stats['daily'];
  /** 'Last 7 days', 'All time': the tab chosen. */ period: string;
}) {
  const top = axisMax(Math.max(0, ...daily.map((day) => Math.max(day.views, day.clicks))));
  // Half way gets a line and a figure when it is a whole number.
  const half = Number.isInteger(top / 2) ? top / 2 : null;
  const ticks = half === null ? [top, 0] : [top, half, 0];
  const labelled = labelledDays(daily.length);
  // On a phone a month's six dates ('28 أكتوبر', '28. Okt.') run into each other: every other one
  // between the first and the last gives way below the sm breakpoint.
  const thinned = new Set(daily.length > 10 ? [...labelled].sort((a, b) => a - b).filter((_, rank) => rank % 2) : []);
  thinned.delete(daily.length - 1);
  const totalViews = daily.reduce((sum, day) => sum + day.views, 0);
  const totalClicks = daily.reduce((sum, day) => sum + day.clicks, 0);
  const percent = (value: number) => `${(value / top) * 100}%`;

  return (
    <figure>
      <figcaption className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span>{t('stats.period_total', { period, views: totalViews, clicks: totalClicks })}</span>
        <span className="flex items-center gap-1.5" aria-hidden>
          <span className="h-2.5 w-2.5 rounded-sm bg-brand-600 dark:bg-brand-500" /> {t('stats.views')}
        </span>
        <span className="flex items-center gap-1.5" aria-hidden>
          <span className="h-2.5 w-2.5 rounded-sm bg-emerald-500" /> {t('stats.clicks')}
        </span>
      </figcaption>
      <div className="flex gap-2" aria-hidden data-testid="daily-chart">
        <div className="flex h-44 flex-col justify-between text-end text-[11px] tabular-nums leading-none text-slate-500 dark:text-slate-400">
          {ticks.map((tick) => (
            <span key={tick} className="-translate-y-1/2 first:translate-y-0 last:translate-y-0">
              {formatCount(tick)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-44 border-b border-s border-slate-300 dark:border-slate-600">
            <div className="absolute inset-x-0 top-0 border-t border-dashed border-slate-200 dark:border-slate-700" />
            {half !== null ? (
              <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200 dark:border-slate-700" />
            ) : null}
            <div className="absolute inset-0 flex items-end justify-around">
              {daily.map((day) => (
                <div
                  key={day.date}
                  data-day={day.date}
                  title={t('stats.day_total', { day: formatDay(day.date), views: day.views, clicks: day.clicks })}
                  className="flex h-full min-w-0 max-w-16 flex-1 items-end justify-center gap-px px-px"
                >
                  {[
                    { value: day.views, colour: 'bg-brand-600 dark:bg-brand-500' },
                    { value: day.clicks, colour: 'bg-emerald-500' },
                  ].map((bar, i) => (
                    <div
                      key={i}
                      className={
                        bar.value > 0
                          ? `w-1/2 min-w-px max-w-5 rounded-t-sm ${bar.colour}`
                          : 'h-0.5 w-1/2 min-w-px max-w-5 bg-slate-200 dark:bg-slate-700'
                      }
                      style={bar.value > 0 ? { height: percent(bar.value), minHeight: 2 } : undefined}
                    />
                  ))}
                </div>
              ))}
            </div>
          </div>
          <div className="mt-1 flex h-4 justify-around text-[11px] text-slate-500 dark:text-slate-400">
            {daily.map((day, i) => (
              <span key={day.date} className="relative min-w-0 max-w-16 flex-1">
                {labelled.has(i) ? (
                  <span
                    className={cn(
                      'absolute whitespace-nowrap',
                      thinned.has(i) && 'max-sm:hidden',
                      // The first and last dates stay inside the chart; the others sit under their day.
                      daily.length > 1 && i === 0
                        ? 'start-0'
                        : daily.length > 1 && i === daily.length - 1
                          ? 'end-0'
                          : 'start-1/2 -translate-x-1/2 rtl:translate-x-1/2',
                    )}
                  >
                    {formatDay(day.date)}
                  </span>
                ) : null}
              </span>
            ))}
          </div>
        </div>
      </div>
      {/* A table box does not clip its caption: the wrapper hides both (in Arabic the caption ran
          off the screen's left edge). */}
      <div className="sr-only">
        <table>
          <caption>{t('stats.chart_table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stats.day')}</th>
              <th scope="col">{t('stats.views')}</th>
              <th scope="col">{t('stats.clicks')}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td>{formatCount(day.views)}</td>
                <td>{formatCount(day.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
