import { Button } from '@/components/ui/button';

// Every console list pages (100 accounts or reports, 200 audit entries a page) and says so: the
// count above the list, Previous and Next below it, where a long list on a phone ends.

type Paging = { page: number; pageSize: number; total: number };

/** 'Accounts 101–105 of 105', or the one row there is. `noun` is [singular, plural]. */
export function PageCount({ noun, page, pageSize, total }: Paging & { noun: [string, string] }) {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const text =
    total === 0
      ? `No ${noun[1]}`
      : total === 1
        ? `1 ${noun[0]}`
        : first > total
          ? `No ${noun[1]} on this page (${total} in all)`
          : `${first}–${last} of ${total} ${noun[1]}`;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
      {text}
    </p>
  );
}

/** Previous and Next; a new page starts at the list's heading (`top`, its id). */
export function PageNav({
  page,
  pageSize,
  total,
  label,
  top,
  onPage,
}: Paging & { label: string; top: string; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  const go = (next: number) => {
    onPage(next);
    document.getElementById(top)?.scrollIntoView({ block: 'start' });
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous page
      </Button>
      <span className="text-sm">{`Page ${page} of ${pages}`}</span>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => go(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
