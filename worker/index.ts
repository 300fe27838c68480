import { app } from './app';
import type { Bindings } from './env';
import { withSimulatedDistance } from './lib/simulated-distance';
import { createDb } from './middleware/db';
import { pruneAttempts } from './services/attempts';
import { flushEvents } from './services/events/flush';
import { pruneVisitorSalts } from './services/events/visitor-hash';
import { migrateLegacyMedia } from './services/media-migration';

export default {
  // A development request may ask to be served as if from far away (npm run bench).
  fetch: (request, env, ctx) => app.fetch(request, withSimulatedDistance(env, request), ctx),
  /**
   * Every minute (wrangler.toml): fold buffered views and clicks into D1, delete visitor salts
   * older than yesterday, drop stale attempts, convert images stored before derivatives (a no-op
   * once none is left). The jobs are independent: one failing does not stop the others.
   */
  async scheduled(controller, env, _ctx) {
    const [flush, salts, prune, media] = await Promise.allSettled([
      flushEvents(env.DB, env.EVENTS),
      pruneVisitorSalts(env.DB),
      pruneAttempts(createDb(env.DB)),
      migrateLegacyMedia(createDb(env.DB), env),
    ]);
    const log = { level: 'info', job: 'scheduled', cron: controller.cron };
    if (flush.status === 'fulfilled') console.log(JSON.stringify({ ...log, flush: flush.value }));
    if (media.status === 'fulfilled' && media.value.converted + media.value.cleared > 0)
      console.log(JSON.stringify({ ...log, media: media.value }));
    const failed = Object.entries({ flush, salts, prune, media }).flatMap(([job, result]) =>
      result.status === 'rejected' ? [{ job, reason: result.reason as unknown }] : [],
    );
    for (const { job, reason } of failed) {
      console.error(JSON.stringify({ ...log, level: 'error', job, message: String(reason) }));
    }
    // A failed job makes the invocation fail too, so Cloudflare's cron history shows it.
    if (failed[0]) throw failed[0].reason;
  },
} satisfies ExportedHandler<Bindings>;
