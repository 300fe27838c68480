import { useState } from 'react';
import { toast } from 'sonner';
import { REPORT_REASONS } from '@shared/constants';
import type { AdminReport } from '@shared/types';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { dismissPath, useAdminAction, useAudit, useFlaggedLinks, useReports } from '../api/admin';
import { TakedownForm } from './takedown-form';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const box = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/** Visitors' open reports, newest first: take the card down (with a reason) or dismiss. */
export function ReportsPanel() {
  const reports = useReports();
  return (
    <section aria-labelledby="reports-title" className="space-y-4">
      <h2 id="reports-title" className="text-lg font-semibold">
        Reports
      </h2>
      {reports.isPending ? (
        <p>Loading...</p>
      ) : reports.isError ? null : reports.data.length === 0 ? (
        <p>No open reports.</p>
      ) : (
        <ul className="space-y-3">
          {reports.data.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportRow({ report }: { report: AdminReport }) {
  const action = useAdminAction();
  const [takingDown, setTakingDown] = useState(false);
  const dismiss = async () => {
    try {
      toast.success((await action.mutateAsync({ path: dismissPath(report.id) })).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The report could not be dismissed.'));
    }
  };
  return (
    <li className={box}>
      <p className="font-medium">
        <a className="underline" href={`/p/${report.username}`} target="_blank" rel="noreferrer">
          @{report.username}
        </a>
        {`: ${REPORT_REASONS[report.reason]}`}
      </p>
      {report.note ? <p className="mt-1 whitespace-pre-line break-words text-sm">{report.note}</p> : null}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{when(report.created_at)}</p>
      {takingDown ? (
        <TakedownForm accountId={report.account_id} username={report.username} onDone={() => setTakingDown(false)} />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="destructive"
            onClick={() => setTakingDown(true)}
            aria-label={`Take card down: @${report.username}`}
          >
            Take card down
          </Button>
          <Button size="sm" variant="outline" onClick={() => void dismiss()} disabled={action.isPending}>
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}

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
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {`Matched ${link.matched ?? ''} on ${when(link.flagged_at)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every admin action: who, what, on whom, when and why. */
export function AuditPanel() {
  const audit = useAudit();
  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <h2 id="audit-title" className="text-lg font-semibold">
        Audit log
      </h2>
      {audit.isPending ? (
        <p>Loading...</p>
      ) : audit.isError ? null : audit.data.length === 0 ? (
        <p>No admin actions yet.</p>
      ) : (
        <ul className="space-y-2">
          {audit.data.map((entry) => (
            <li key={entry.id} className={`${box} text-sm`}>
              <p>
                <span className="font-medium">{entry.actor}</span>
                {` ${entry.action.replace('_', ' ')} `}
                {entry.target ? <span className="font-medium">@{entry.target}</span> : null}
              </p>
              {entry.reason ? <p className="break-words">Why: {entry.reason}</p> : null}
              <p className="text-xs text-slate-600 dark:text-slate-300">{when(entry.created_at)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
