// The Worker's cron and queue handlers, loaded on their first invocation (worker/index.ts): a
// cold isolate serving a card never evaluates the drain, the compaction, the link scan or the
// notices, which only these two entry points use.
import type { Bindings } from './env';
import { createDb } from './db/client';
import { recordDatabaseSize, recordDrain, recordTick } from './lib/metrics';
import { everyDatabase, probeDatabase, queueBacklog } from './services/health';
import { pruneAttempts } from './services/attempts';
import { drainMessages, startDrains } from './services/events/fan-out';
import { compactEveryShard } from './services/events/compaction';
import { moveLegacyCounts } from './services/events/legacy-move';
import { pruneCounting } from './services/events/retention';
import { rotateVisitorSalts } from './services/events/visitor-hash';
import { migrateLegacyMedia } from './services/media-migration';
import { pruneChallenges } from './services/second-factor';
import { finishPendingDeletions } from './services/account-data/deletion';
import { refreshFeed } from './services/link-safety/feed';
import { scanLinks } from './services/link-safety/scan';
import { createMailer } from './lib/mailer';
import { sendNotices } from './services/notices';
import { outboxMailer } from './services/dev-outbox';

/**
 * Every minute (wrangler.toml): start one drain of the view/click buffer per non-empty shard
 * (README, Decisions: fan-out drain), forget the ledger's ids and visitors no drain can ask
 * about any more and compact a page of cards' old daily rollups into months (in every
 * counting database), visitor
 * salts older than yesterday (storing today's and tomorrow's) and stale attempts, convert images
 * stored before derivatives (a no-op once none is left), send the mail owed (notices), and once an
 * hour measure every database's size. The jobs are independent: one failing does not stop the
 * others. Each tick logs one line and writes one metric (docs/decisions/0090): the drains sent,
 * what the buffer holds and how old its oldest event is, the queue's backlog, the tick's duration.
 */
export async function runScheduled(controller: ScheduledController, env: Bindings) {
  const started = Date.now();
  const db = createDb(env.DB);
  const hourly = new Date(controller.scheduledTime).getUTCMinutes() === 0;
  const [drains, ledger, compaction, move, salts, prune, media, deletions, blocklist, notices, sizes] =
    await Promise.allSettled([
      startDrains(env.EVENTS, env.DRAINS),
      pruneCounting(env),
      compactEveryShard(env),
      // What the release before the counting databases counted in DB, a page a tick (a no-op once done).
      moveLegacyCounts(env),
      rotateVisitorSalts(env.DB),
      Promise.all([pruneAttempts(createDb(env.DB)), pruneChallenges(createDb(env.DB))]),
      migrateLegacyMedia(createDb(env.DB), env),
      // Account deletions that died halfway (their tombstone is still there) are finished.
      finishPendingDeletions(createDb(env.DB), env),
      // The link blocklist: the feed (when configured, hourly), then a page of the links' scan.
      refreshFeed(createDb(env.DB), env.BLOCKLIST_FEED_URL).then(() => scanLinks(createDb(env.DB))),
      // Mail owed to owners: what `npm run admin` could not send, and sends that failed.
      sendNotices(db, createMailer(env, outboxMailer(db)), { support: env.SUPPORT_EMAIL?.trim() || undefined }),
      // D1's size of each database, one cheap statement each, once an hour (what nears the 10 GB cap moves slowly).
      hourly ? measureDatabases(env) : Promise.resolve(null),
    ]);
  const log = { level: 'info', job: 'scheduled', cron: controller.cron };
  // The queue's backlog is a figure, not a job: a runtime that cannot tell it fails nothing.
  const backlog = await queueBacklog(env.DRAINS).catch(() => null);
  if (drains.status === 'fulfilled') {
    const pruned = ledger.status === 'fulfilled' ? ledger.value : null;
    const glance = drains.value;
    const oldestSeconds = glance.oldestAt === null ? 0 : Math.max(0, Math.round((started - glance.oldestAt) / 1000));
    const ms = Date.now() - started;
    const buffer = { keys: glance.keys, events: glance.events, complete: glance.complete, oldestSeconds };
    const measured = sizes.status === 'fulfilled' && sizes.value ? { sizes: sizes.value } : {};
    console.log(
      JSON.stringify({
        ...log,
        drains: glance.shards,
        pruned,
        buffer,
        queue: backlog?.messages ?? null,
        ms,
        ...measured,
      }),
    );
    recordTick(env.METRICS, {
      drains: glance.shards.length,
      bufferedKeys: glance.keys,
      oldestSeconds,
      queueBacklog: backlog?.messages ?? null,
      ms,
    });
  }
  if (media.status === 'fulfilled' && media.value.converted + media.value.cleared > 0)
    console.log(JSON.stringify({ ...log, media: media.value }));
  const failed = Object.entries({
    drains,
    ledger,
    compaction,
    move,
    salts,
    prune,
    media,
    deletions,
    blocklist,
    notices,
    sizes,
  }).flatMap(([job, result]) => (result.status === 'rejected' ? [{ job, reason: result.reason as unknown }] : []));
  for (const { job, reason } of failed) {
    console.error(JSON.stringify({ ...log, level: 'error', job, message: String(reason) }));
  }
  // A failed job makes the invocation fail too, so Cloudflare's cron history shows it.
  if (failed[0]) throw failed[0].reason;
}

/** Every database's size in bytes, by binding, written to METRICS as well. */
async function measureDatabases(env: Bindings) {
  const probes = await Promise.all(everyDatabase(env).map(probeDatabase));
  for (const probe of probes) recordDatabaseSize(env.METRICS, probe.binding, probe.sizeBytes);
  return Object.fromEntries(probes.map((probe) => [probe.binding, probe.sizeBytes]));
}

/**
 * The drain queue: one shard per message and invocation, within that invocation's 1,000 KV
 * operations. A failure throws, so the queue retries the message (the ledger makes a retry
 * harmless) and the invocation shows as failed. Each drain logs one line and writes one metric:
 * its figures, its lag (how long the oldest event it listed had waited) and its duration.
 */
export async function runQueue(batch: MessageBatch<unknown>, env: Bindings) {
  const started = Date.now();
  for (const drain of await drainMessages(batch, env, env.EVENTS)) {
    const lagSeconds = drain.oldestAt === null ? 0 : Math.max(0, Math.round((started - drain.oldestAt) / 1000));
    const ms = Date.now() - started;
    console.log(JSON.stringify({ level: 'info', job: 'drain', drain, lagSeconds, ms }));
    recordDrain(env.METRICS, { shard: drain.shard, events: drain.events, lagSeconds, ms, expired: drain.expired });
  }
}
