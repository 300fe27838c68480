import type { PlatformStatus } from '@shared/schemas/health';
import type { Bindings } from '../../env';
import { glanceAtBuffer } from '../events/fan-out';
import { everyDatabase, probeDatabase, queueBacklog } from '../health';

// The console's status page (docs/operating.md: watching it run): what can be read live without
// an Analytics Engine token, with the figures that need an operator's action marked.

/** D1 caps a database at 10 GB; past 8 GB there is still time to add a counting database. */
export const DATABASE_ACTION_BYTES = 8 * 1000 ** 3;
/** Drains run every minute: an event waiting ten minutes means they are failing or falling behind. */
export const LAG_ACTION_SECONDS = 10 * 60;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function platformStatus(env: Bindings, now = Date.now()): Promise<PlatformStatus> {
  const [databases, glance, queue] = await Promise.all([
    Promise.all(everyDatabase(env).map(probeDatabase)),
    glanceAtBuffer(env.EVENTS),
    queueBacklog(env.DRAINS).catch(() => null),
  ]);
  const lag = glance.oldestAt === null ? null : Math.max(0, Math.round((now - glance.oldestAt) / 1000));
  return {
    checked_at: new Date(now).toISOString(),
    databases: databases.map((probe) => ({
      binding: probe.binding,
      size_bytes: probe.sizeBytes,
      migration: probe.migration,
      needs_action: probe.sizeBytes > DATABASE_ACTION_BYTES,
    })),
    buffer: {
      keys: glance.keys,
      events: glance.events,
      more: !glance.complete,
      shards: glance.seen,
      oldest_at: iso(glance.oldestAt),
      lag_seconds: lag,
      needs_action: lag !== null && lag > LAG_ACTION_SECONDS,
    },
    queue: queue && { messages: queue.messages, oldest_at: iso(queue.oldestAt) },
    thresholds: { database_bytes: DATABASE_ACTION_BYTES, lag_seconds: LAG_ACTION_SECONDS },
  };
}
