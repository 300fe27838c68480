import type { Stats } from '@shared/schemas/stats';
import { formatCount, formatDay } from '@/lib/format';

const DAY_WIDTH = 10;
const HEIGHT = 100;

/**
 * Views and clicks per day over the period shown, drawn as plain SVG bars (no chart library: the
 * dashboard's first load stays small). The same numbers are in a visually hidden table.
 */
export function DailyChart({ daily }: { daily: Stats['daily'] }) {
  const max = Math.max(1, ...daily.map((day) => Math.max(day.views, day.clicks)));
  const height = (value: number) => (value / max) * (HEIGHT - 2);
  // A label every day for a week, every week for a month, every fortnight beyond.
  const step = daily.length <= 7 ? 1 : daily.length <= 31 ? 7 : 14;
  const labelled = daily.filter((_, i) => i % step === 0 || i === daily.length - 1);
  const totalViews = daily.reduce((sum, day) => sum + day.views, 0);
  const totalClicks = daily.reduce((sum, day) => sum + day.clicks, 0);

  return (
    <figure>
      <figcaption className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span>
          Last {daily.length} days: {formatCount(totalViews)} views, {formatCount(totalClicks)} clicks
        </span>
        <span className="flex items-center gap-1.5" aria-hidden>
          <span className="h-2.5 w-2.5 rounded-sm bg-brand-600 dark:bg-brand-500" /> Views
        </span>
        <span className="flex items-center gap-1.5" aria-hidden>
          <span className="h-2.5 w-2.5 rounded-sm bg-emerald-500" /> Clicks
        </span>
      </figcaption>
      <div className="relative" aria-hidden>
        <span className="absolute -top-1 left-0 text-[11px] text-slate-500 dark:text-slate-400">
          {formatCount(max)}
        </span>
        <svg
          viewBox={`0 0 ${daily.length * DAY_WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-44 w-full border-b border-slate-200 dark:border-slate-700"
        >
          {[0.25, 0.5, 0.75].map((line) => (
            <line
              key={line}
              x1={0}
              x2={daily.length * DAY_WIDTH}
              y1={HEIGHT * line}
              y2={HEIGHT * line}
              className="stroke-slate-100 dark:stroke-slate-800"
              strokeWidth={0.5}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {daily.map((day, i) => (
            <g key={day.date}>
              <title>{`${formatDay(day.date)}: ${day.views} views, ${day.clicks} clicks`}</title>
              <rect
                x={i * DAY_WIDTH + 1}
                y={HEIGHT - height(day.views)}
                width={4}
                height={height(day.views)}
                className="fill-brand-600 dark:fill-brand-500"
              />
              <rect
                x={i * DAY_WIDTH + 5}
                y={HEIGHT - height(day.clicks)}
                width={4}
                height={height(day.clicks)}
                className="fill-emerald-500"
              />
            </g>
          ))}
        </svg>
        <div className="mt-1 flex justify-between text-[11px] text-slate-500 dark:text-slate-400">
          {labelled.map((day) => (
            <span key={day.date}>{formatDay(day.date)}</span>
          ))}
        </div>
      </div>
      <table className="sr-only">
        <caption>Profile views and link clicks per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Clicks</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td>{day.views}</td>
              <td>{day.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
