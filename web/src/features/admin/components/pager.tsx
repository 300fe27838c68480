import { Button } from '@/components/ui/button';

/**
 * How many rows there are, which ones are shown, and Previous/Next: every console list pages
 * (100 accounts or reports, 200 audit entries a page) and says so.
 */
export function Pager({
  noun,
  page,
  pageSize,
  total,
  onPage,
}: {
  /** Plural, lower-case: 'accounts'. */
  noun: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
        {total === 0 ? `No ${noun}` : `${first}–${last} of ${total} ${noun}`}
      </p>
      {pages > 1 ? (
        <nav aria-label={`Pages of ${noun}`} className="flex items-center gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous page
          </Button>
          <span className="text-sm">{`Page ${page} of ${pages}`}</span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
