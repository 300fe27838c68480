import { useState } from 'react';
import { REPORT_REASONS, type ReportState } from '@shared/constants';
import type { AdminReport } from '@shared/types';
import { Button } from '@/components/ui/button';
import { accountPath, dismissPath, useReports } from '../api/admin';
import { when } from '../lib/audit-sentence';
import { ConfirmActionDialog, type ConfirmSpec } from './confirm-action-dialog';
import { PageCount, PageNav } from './pager';

const box = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
const STATES: [ReportState, string][] = [
  ['open', 'Open'],
  ['dismissed', 'Dismissed'],
  ['taken_down', 'Acted on'],
];

/**
 * Visitors' reports, kept with their history: the open ones (newest first) to take the card
 * down or dismiss, and the dismissed and acted-on ones, with who closed them and why.
 */
export function ReportsPanel() {
  const [state, setState] = useState<ReportState>('open');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<ConfirmSpec | null>(null);
  const reports = useReports(state, page);
  return (
    <section aria-labelledby="reports-title" className="space-y-4">
      <h2 id="reports-title" className="text-lg font-semibold">
        Reports
      </h2>
      <div role="group" aria-label="Which reports" className="flex flex-wrap gap-2">
        {STATES.map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={state === value ? 'primary' : 'outline'}
            aria-pressed={state === value}
            onClick={() => {
              setState(value);
              setPage(1);
            }}
          >
            {label}
          </Button>
        ))}
      </div>
      {reports.isPending ? (
        <p>Loading...</p>
      ) : reports.isError ? null : (
        <>
          <PageCount
            noun={['report', 'reports']}
            page={page}
            pageSize={reports.data.page_size}
            total={reports.data.total}
          />
          {reports.data.reports.length > 0 ? (
            <ul className="space-y-3">
              {reports.data.reports.map((report) => (
                <ReportRow key={report.id} report={report} onConfirm={setConfirming} />
              ))}
            </ul>
          ) : null}
          <PageNav
            label="Pages of reports"
            top="reports-title"
            page={page}
            pageSize={reports.data.page_size}
            total={reports.data.total}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmActionDialog spec={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}

const takedownOf = (report: AdminReport): ConfirmSpec => ({
  title: `Take down @${report.username}'s card?`,
  description:
    "Visitors of this card get 'not found' at once (the account's other cards stay online), and every open report of the card is closed as acted on. The owner still signs in and sees your reason; Restore (in Accounts) undoes it.",
  confirm: 'Take card down',
  reasonLabel: 'Reason (its owner sees this; the audit log keeps it)',
  path: accountPath(report.account_id, 'takedown'),
  // The reported card, which may be another than the account's primary one.
  body: { report_id: report.id, card_id: report.card_id },
});
const dismissalOf = (report: AdminReport): ConfirmSpec => ({
  title: `Dismiss the report on @${report.username}?`,
  description: 'The report is closed without touching the card; it stays under Dismissed.',
  confirm: 'Dismiss report',
  reasonLabel: 'Reason (kept with the report and in the audit log)',
  path: dismissPath(report.id),
});

function ReportRow({ report, onConfirm }: { report: AdminReport; onConfirm: (spec: ConfirmSpec) => void }) {
  return (
    <li className={box}>
      <p className="font-medium">
        <a className="underline" href={`/p/${report.username}`} target="_blank" rel="noreferrer">
          @{report.username}
        </a>
        {`: ${REPORT_REASONS[report.reason]}`}
        <span className="font-normal text-slate-700 dark:text-slate-300">{` · report #${report.id}`}</span>
      </p>
      {report.note ? <p className="mt-1 whitespace-pre-line break-words text-sm">{report.note}</p> : null}
      <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{`Reported ${when(report.created_at)}`}</p>
      {report.state === 'open' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="destructive"
            onClick={() => onConfirm(takedownOf(report))}
            aria-label={`Take card down: @${report.username}`}
          >
            Take card down
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onConfirm(dismissalOf(report))}
            aria-label={`Dismiss report #${report.id} on @${report.username}`}
          >
            Dismiss
          </Button>
        </div>
      ) : (
        <p className="mt-2 break-words text-sm">
          {`${report.state === 'dismissed' ? 'Dismissed' : 'Card taken down'} by ${report.resolved_by ?? 'an operator'} ${when(report.resolved_at)}`}
          {report.resolution_reason ? `: "${report.resolution_reason}"` : ''}
          {report.state === 'taken_down' && !report.card_taken_down ? ' (the card has been restored since)' : ''}
        </p>
      )}
    </li>
  );
}
