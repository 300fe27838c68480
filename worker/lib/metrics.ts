/**
 * The Worker's metrics in Workers Analytics Engine (the METRICS binding, docs/decisions/0090), one
 * data point per fact; docs/operating.md has the SQL that reads them. `blob1` names the kind of
 * point and is its index (Analytics Engine samples by index). Locally the binding accepts and
 * drops every point. Writing never throws: a metric lost must not fail the request it describes.
 *
 * | kind      | blobs                                   | doubles                                                  |
 * |-----------|-----------------------------------------|----------------------------------------------------------|
 * | `request` | route pattern, method, status, colo     | weight (requests it stands for), duration ms             |
 * | `drain`   | shard                                   | events, lag s (oldest event folded), duration ms, expired |
 * | `tick`    |                                         | drains sent, keys buffered (first 1,000), oldest age s, queue backlog (-1 unknown), duration ms |
 * | `d1`      | binding                                 | size in bytes                                            |
 */
type Dataset = AnalyticsEngineDataset | undefined;

function write(dataset: Dataset, kind: string, blobs: string[], doubles: number[]) {
  try {
    dataset?.writeDataPoint({ indexes: [kind], blobs: [kind, ...blobs], doubles });
  } catch {
    // Over the invocation's allowance of points, or the binding is down: the answer matters more.
  }
}

export type RequestFact = { route: string; method: string; status: number; colo: unknown; weight: number; ms: number };

export const recordRequest = (dataset: Dataset, fact: RequestFact) =>
  write(
    dataset,
    'request',
    [fact.route, fact.method, String(fact.status), typeof fact.colo === 'string' ? fact.colo : ''],
    [fact.weight, fact.ms],
  );

export type DrainFact = { shard: string | number; events: number; lagSeconds: number; ms: number; expired: number };

export const recordDrain = (dataset: Dataset, fact: DrainFact) =>
  write(dataset, 'drain', [String(fact.shard)], [fact.events, fact.lagSeconds, fact.ms, fact.expired]);

export type TickFact = {
  drains: number;
  bufferedKeys: number;
  oldestSeconds: number;
  queueBacklog: number | null;
  ms: number;
};

export const recordTick = (dataset: Dataset, fact: TickFact) =>
  write(dataset, 'tick', [], [fact.drains, fact.bufferedKeys, fact.oldestSeconds, fact.queueBacklog ?? -1, fact.ms]);

export const recordDatabaseSize = (dataset: Dataset, binding: string, bytes: number) =>
  write(dataset, 'd1', [binding], [bytes]);
