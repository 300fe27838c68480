import { useState } from 'react';
import { useAudit } from '../api/admin';
import { auditSentence, when } from '../lib/audit-sentence';
import { PageCount, PageNav } from './pager';

const box = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/**
 * Every admin action, from the console and from `npm run admin`, newest first and 200 a page:
 * a sentence each (who did what to whom, and why), timed in the operator's own zone.
 */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <h2 id="audit-title" className="text-lg font-semibold">
        Audit log
      </h2>
      {audit.isPending ? (
        <p>Loading...</p>
      ) : audit.isError ? null : (
        <>
          <PageCount noun={['entry', 'entries']} page={page} pageSize={audit.data.page_size} total={audit.data.total} />
          {audit.data.entries.length === 0 ? (
            <p>No admin actions yet.</p>
          ) : (
            <ul className="space-y-2">
              {audit.data.entries.map((entry) => (
                <li key={entry.id} className={`${box} text-sm`}>
                  <p className="break-words">{auditSentence(entry)}</p>
                  <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                    <time dateTime={entry.created_at ?? undefined}>{when(entry.created_at)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <PageNav
            label="Pages of the audit log"
            top="audit-title"
            page={page}
            pageSize={audit.data.page_size}
            total={audit.data.total}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
