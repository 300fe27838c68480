import type { PlatformStatus } from '@shared/types';
import { Button } from '@/components/ui/button';
import { useStatus } from '../api/admin';
import { when } from '../lib/audit-sentence';

const box = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
const warning =
  'rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';

/** Bytes as D1 counts its 10 GB: decimal units. */
export function bytes(n: number) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  return `${Math.round(n / 1e3)} kB`;
}

const minutes = (seconds: number) => (seconds < 120 ? `${seconds} seconds` : `${Math.round(seconds / 60)} minutes`);

/** What an operator must do now, one sentence each; empty when nothing needs action. */
export function actionsNeeded(status: PlatformStatus): string[] {
  const limit = bytes(status.thresholds.database_bytes);
  const databases = status.databases
    .filter((db) => db.needs_action)
    .map(
      (db) =>
        `${db.binding} holds ${bytes(db.size_bytes)}, past ${limit} of D1's 10 GB: ${
          db.binding === 'DB' ? 'move or delete what it holds' : 'add a counting database for new cards'
        } before it fills (docs/operating.md).`,
    );
  const { buffer } = status;
  const lag =
    buffer.needs_action && buffer.lag_seconds !== null
      ? [
          `Views and clicks have waited ${minutes(buffer.lag_seconds)} to be counted: the drains are failing or ` +
            'falling behind. Look for failed drains jobs in the logs (docs/operating.md).',
        ]
      : [];
  return [...databases, ...lag];
}

/** The status page: database sizes, the buffer and the queue, read live, with what needs action first. */
export function StatusPanel() {
  const status = useStatus();
  return (
    <section aria-labelledby="status-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="status-title" className="text-lg font-semibold">
          Status
        </h2>
        <Button size="sm" variant="outline" onClick={() => void status.refetch()} disabled={status.isFetching}>
          Read again
        </Button>
      </div>
      {status.isPending ? (
        <p>Loading...</p>
      ) : status.isError ? (
        <p role="alert">The status could not be read. Try again in a minute.</p>
      ) : (
        <StatusFigures status={status.data} />
      )}
    </section>
  );
}

function StatusFigures({ status }: { status: PlatformStatus }) {
  const actions = actionsNeeded(status);
  const { buffer, queue } = status;
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">{`Read ${when(status.checked_at)}.`}</p>
      {actions.length > 0 ? (
        <div className={warning} role="alert">
          <h3 className="font-semibold">Needs action</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {actions.map((action) => (
              <li key={action}>{action}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={box}>Nothing needs action.</p>
      )}
      <div className={box}>
        <h3 className="font-semibold">Databases</h3>
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">Binding</th>
              <th scope="col">Size</th>
              <th scope="col">Last migration</th>
            </tr>
          </thead>
          <tbody>
            {status.databases.map((db) => (
              <tr
                key={db.binding}
                className={db.needs_action ? 'font-semibold text-amber-800 dark:text-amber-300' : ''}
              >
                <th scope="row" className="font-mono">
                  {db.binding}
                </th>
                <td>{bytes(db.size_bytes)}</td>
                <td className="break-all font-mono">{db.migration ?? 'none'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={box}>
        <h3 className="font-semibold">Views and clicks waiting to be counted</h3>
        <p className="mt-1 text-sm">
          {buffer.events === 0
            ? 'None: the buffer is empty.'
            : `${buffer.events}${buffer.more ? ' or more' : ''} events in ${buffer.shards} shards; the oldest waited ${minutes(
                buffer.lag_seconds ?? 0,
              )}${buffer.more ? ' (of the first 1,000 keys)' : ''}.`}
        </p>
        <p className="mt-1 text-sm">
          {queue === null
            ? "The drain queue's backlog cannot be read here: see the queue's metrics in the Cloudflare dashboard."
            : `Drain queue: ${queue.messages} ${queue.messages === 1 ? 'message' : 'messages'} waiting.`}
        </p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Requests and errors by route, drain lag and database sizes over time are in Workers Analytics Engine; the
        queries to read them are in docs/operating.md.
      </p>
    </>
  );
}
