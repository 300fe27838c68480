export type BarItem = {
  key: string;
  label: string;
  value: number;
  /** The row's figure in words when `amount(value)` would not say what the row means. */
  text?: string;
  detail?: string;
};

/**
 * A ranked list drawn as CSS bars. Each row reads as text ('Germany 12 views'), so the bars
 * themselves are hidden from assistive technology. Labels may be hostnames or link titles in any
 * script: each keeps its own direction (<bdi>) while the row follows the page's.
 */
export function BarList({
  items,
  amount,
  empty,
}: {
  items: BarItem[];
  /** The figure as words: '12 views'. */
  amount: (value: number) => string;
  empty: string;
}) {
  if (items.length === 0) return <p className="py-4 text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  const max = Math.max(1, ...items.map((item) => item.value));
  const withDetail = items.some((item) => item.detail);
  return (
    <ul className="space-y-2.5">
      {items.map((item) => (
        <li key={item.key} className="text-sm">
          <div className="flex items-baseline gap-3">
            <span className="min-w-0 flex-1 truncate" title={item.label}>
              <bdi>{item.label}</bdi>
            </span>
            <span className="shrink-0 tabular-nums text-slate-700 dark:text-slate-300">
              {item.text ?? amount(item.value)}
            </span>
            {/* A second figure gets its own column, aligned to its end on every row. */}
            {withDetail ? (
              <span className="w-28 shrink-0 border-s border-slate-200 ps-3 text-end text-xs tabular-nums text-slate-600 dark:border-slate-700 dark:text-slate-400">
                {item.detail ?? ''}
              </span>
            ) : null}
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden>
            <div
              className="h-2 rounded-full bg-brand-600 dark:bg-brand-500"
              style={{ width: `${(item.value / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
