import { useFlaggedLinks } from '../api/admin';
import { when } from '../lib/audit-sentence';

const box = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/** Links whose destination became listed after they were saved (they go through /go/<id>). */
export function FlaggedLinksPanel() {
  const flagged = useFlaggedLinks();
  return (
    <section aria-labelledby="flagged-title" className="space-y-4">
      <h2 id="flagged-title" className="text-lg font-semibold">
        Flagged links
      </h2>
      {flagged.isPending ? (
        <p>Loading...</p>
      ) : flagged.isError ? null : flagged.data.length === 0 ? (
        <p>No flagged links.</p>
      ) : (
        <ul className="space-y-3">
          {flagged.data.map((link) => (
            <li key={link.id} className={box}>
              <p className="font-medium">{`@${link.username}: ${link.title}`}</p>
              <p className="break-all font-mono text-sm">{link.url}</p>
              <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                {`Matched ${link.matched ?? ''} on ${when(link.flagged_at)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
