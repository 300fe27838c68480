// The Worker's cron and queue handlers, loaded on their first invocation (worker/index.ts): a
// cold isolate serving a card never evaluates the drain, the compaction, the link scan or the
// notices, which only these two entry points use.
import type { Bindings } from './env';
import { createDb } from './db/client';
import { countDatabase, countShards } from './lib/count-shards';
import { recordDatabaseSize, recordDrain, recordTick } from './lib/metrics';
import { everyDatabase, probeDatabase, queueBacklog } from './services/health';
import { pruneAttempts } from './services/attempts';
import { drainMessages, startDrains } from './services/events/fan-out';
import { compactRollups } from './services/events/compaction';
import { moveLegacyCounts } from './services/events/legacy-move';
import { PRUNE_CHUNK, pruneLedger, pruneShard } from './services/events/retention';
import { rotateVisitorSalts } from './services/events/visitor-hash';
import { migrateLegacyMedia } from './services/media-migration';
import { pruneChallenges } from './services/second-factor';
import { finishPendingDeletions } from './services/account-data/deletion';
import { refreshFeed } from './services/link-safety/feed';
import { scanLinks } from './services/link-safety/scan';
import { createMailer } from './lib/mailer';
import { sendNotices } from './services/notices';
import { outboxMailer } from './services/dev-outbox';
import { customDomains } from './lib/config';
import { runWebhookQueue, sweepDue } from './services/webhooks/deliver';
import { sendDailyStats } from './services/webhooks/daily';
import { loadLanguage } from './lib/i18n';
import { randomToken, sha256 } from './lib/hashing';
import { accountLanguageOf } from './services/account-language';
import { isInvitationMessage } from './lib/webhook-message';

/**
 * The jobs that take turns (docs/decisions/0088): every other minute one counting database's
 * upkeep, and in the minutes between, the next of these. So an invocation makes at most 50 D1
 * queries (Workers Free's limit, each statement of a batch counting), however many counting
 * databases there are: the drains' start and the two small prunes every minute (4 queries), and
 * one turn of at most 41.
 */
/** The webhook queue's name (wrangler.toml); every other batch is the drains'. */
export const WEBHOOK_QUEUE = 'cardlink-webhooks';

const TURNS = ['legacy', 'media', 'deletions', 'links', 'notices', 'webhooks', 'domains', 'invitations'] as const;
export type Turn = { job: 'counts'; shard: number } | { job: (typeof TURNS)[number] };

/** The minute's turn, from the cron's scheduled time (so a retried tick does the same work). */
export function turnOf(scheduledTime: number, shards: number): Turn {
  const minute = Math.floor(scheduledTime / 60_000);
  const half = Math.floor(minute / 2);
  if (minute % 2 === 0) return { job: 'counts', shard: half % Math.max(shards, 1) };
  return { job: TURNS[half % TURNS.length]! };
}

// Each turn's bound: a database visited every 2N minutes forgets N times as many rows a
// statement, so what it forgets a day does not shrink as databases are added.
const IMAGES_PER_TURN = 4;
const DELETIONS_PER_TURN = 1;
const NOTICES_PER_TURN = 20;
const LEGACY_PRUNE_CHUNKS = 5;

async function runTurn(turn: Turn, env: Bindings, now: number) {
  const db = createDb(env.DB);
  switch (turn.job) {
    case 'counts': {
      // Its ledger (1 + 3 x 10 queries) and a page of its rollups' compaction (at most 10).
      const d1 = countDatabase(env, turn.shard);
      const chunk = PRUNE_CHUNK * countShards(env).length;
      const [pruned, compacted] = await Promise.all([pruneShard(d1, now, { chunk }), compactRollups(d1, now)]);
      return { pruned, compacted };
    }
    case 'legacy':
      // What the release before the counting databases left in DB (3 x 5 queries, then 25 for
      // a page of each table moved): no-ops once done.
      return {
        pruned: await pruneLedger(env.DB, now, { chunks: LEGACY_PRUNE_CHUNKS }),
        moved: await moveLegacyCounts(env, now),
      };
    case 'media':
      // Images stored before derivatives, converted (a no-op once none is left).
      return migrateLegacyMedia(db, env, IMAGES_PER_TURN);
    case 'deletions':
      // Account deletions that died halfway (their tombstone is still there) are finished.
      return { finished: await finishPendingDeletions(db, env, now, undefined, DELETIONS_PER_TURN) };
    case 'links':
      // The link blocklist: the feed (when configured, hourly), then a page of the links' scan.
      await refreshFeed(db, env.BLOCKLIST_FEED_URL, now);
      return { scanned: await scanLinks(db, now) };
    case 'notices':
      // Mail owed to owners: what `npm run admin` could not send, and sends that failed.
      return {
        sent: await sendNotices(db, createMailer(env, outboxMailer(db)), {
          support: env.SUPPORT_EMAIL?.trim() || undefined,
          limit: NOTICES_PER_TURN,
        }),
      };
    case 'webhooks':
      // Webhook deliveries whose message was lost, queued again; then a few endpoints' stats.daily.
      return { requeued: await sweepDue(env, db, now), summaries: await sendDailyStats(env, db, now) };
    case 'invitations': {
      // Organisation invitations' mail the queue did not deliver (a queueing that failed, a message
      // out of retries): at most 1 + 2 x 20 queries, the second of each the development outbox's row.
      // Loaded on its turn, as the organisations' code is on first use.
      const { sendOwedInvitations, INVITATIONS_PER_TURN } = await import('./services/orgs/invitation-mail');
      const tools = { loadLanguage, randomToken, sha256, accountLanguageOf };
      const mailer = createMailer(env, outboxMailer(db));
      return { sent: await sendOwedInvitations(db, mailer, tools, now, INVITATIONS_PER_TURN) };
    }
    case 'domains':
      // The cards' own domains: Cloudflare's statuses, the owners' mail, removals (at most 3 + 10 + 3 x 10 queries).
      // Loaded on its turn: a cold isolate serving a card never evaluates the domains' service.
      return (await import('./services/domains-on-demand')).checkDomains(
        db,
        customDomains(env),
        createMailer(env, outboxMailer(db)),
        now,
      );
  }
}

/**
 * Every minute (wrangler.toml): start one drain of the view/click buffer per non-empty shard
 * (README, Decisions: fan-out drain), rotate the visitor salts (storing today's and tomorrow's),
 * drop stale attempts and challenges, and the minute's turn (above): a counting database's
 * ledger pruning and rollup compaction, or the move of the counts of before, the conversion of
 * images stored before derivatives, deletions that died halfway, the link blocklist, the mail
 * owed, the cards' own domains, or the invitations' mail owed; once an hour, measure every
 * database's size (one statement each). The jobs are independent: one failing does not stop
 * the others. Each tick logs one line and writes one metric (docs/decisions/0090): the drains
 * sent, what the buffer holds and how old its oldest event is, the queue's backlog, the tick's
 * duration.
 */
export async function runScheduled(controller: ScheduledController, env: Bindings) {
  const started = Date.now();
  const now = controller.scheduledTime;
  const turn = turnOf(now, countShards(env).length);
  const hourly = new Date(now).getUTCMinutes() === 0;
  const [drains, salts, prune, work, sizes] = await Promise.allSettled([
    startDrains(env.EVENTS, env.DRAINS),
    rotateVisitorSalts(env.DB, now),
    Promise.all([pruneAttempts(createDb(env.DB), now), pruneChallenges(createDb(env.DB), now)]),
    runTurn(turn, env, now),
    // D1's size of each database, once an hour (what nears the 10 GB cap moves slowly).
    hourly ? measureDatabases(env) : Promise.resolve(null),
  ]);
  const log = { level: 'info', job: 'scheduled', cron: controller.cron };
  // The queue's backlog is a figure, not a job: a runtime that cannot tell it fails nothing.
  const backlog = await queueBacklog(env.DRAINS).catch(() => null);
  if (drains.status === 'fulfilled') {
    const glance = drains.value;
    const oldestSeconds = glance.oldestAt === null ? 0 : Math.max(0, Math.round((started - glance.oldestAt) / 1000));
    const ms = Date.now() - started;
    const buffer = { keys: glance.keys, events: glance.events, complete: glance.complete, oldestSeconds };
    const measured = sizes.status === 'fulfilled' && sizes.value ? { sizes: sizes.value } : {};
    const done = work.status === 'fulfilled' ? work.value : null;
    console.log(
      JSON.stringify({
        ...log,
        drains: glance.shards,
        turn,
        done,
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
  const failed = Object.entries({ drains, salts, prune, [turn.job]: work, sizes }).flatMap(([job, result]) =>
    result.status === 'rejected' ? [{ job, reason: result.reason as unknown }] : [],
  );
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
 * The queues: the webhook queue's batches go to services/webhooks/deliver.ts, but for its
 * organisation invitations' messages, services/orgs/invitation-mail.ts's; the drain queue's,
 * one shard per message and invocation, within that invocation's 1,000 KV
 * operations. A failure throws, so the queue retries the message (the ledger makes a retry
 * harmless) and the invocation shows as failed. Each drain logs one line and writes one metric:
 * its figures, its lag (how long the oldest event it listed had waited) and its duration.
 */
export async function runQueue(batch: MessageBatch<unknown>, env: Bindings) {
  if (batch.queue === WEBHOOK_QUEUE) {
    const invitations = batch.messages.filter((message) => isInvitationMessage(message.body));
    if (invitations.length > 0) {
      // Loaded when a batch carries invitations, as the organisations' code is on first use.
      const { runInvitationMessages } = await import('./services/orgs/invitation-mail');
      const db = createDb(env.DB);
      const tools = { loadLanguage, randomToken, sha256, accountLanguageOf };
      await runInvitationMessages(invitations, db, createMailer(env, outboxMailer(db)), tools);
    }
    return runWebhookQueue(
      batch.messages.filter((message) => !isInvitationMessage(message.body)),
      env,
    );
  }
  const started = Date.now();
  for (const drain of await drainMessages(batch, env, env.EVENTS)) {
    const lagSeconds = drain.oldestAt === null ? 0 : Math.max(0, Math.round((started - drain.oldestAt) / 1000));
    const ms = Date.now() - started;
    console.log(JSON.stringify({ level: 'info', job: 'drain', drain, lagSeconds, ms }));
    recordDrain(env.METRICS, { shard: drain.shard, events: drain.events, lagSeconds, ms, expired: drain.expired });
  }
}
