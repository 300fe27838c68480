import { app } from './app';
import type { Bindings } from './env';
import { createDb } from './middleware/db';
import { pruneAttempts } from './services/attempts';
import { flushEvents } from './services/events/flush';

export default {
  fetch: app.fetch,
  /** Every minute (wrangler.toml): fold buffered views and clicks into D1, drop stale attempts. */
  async scheduled(controller, env, _ctx) {
    const [flush, prune] = await Promise.allSettled([flushEvents(env.DB, env.EVENTS), pruneAttempts(createDb(env.DB))]);
    const log = { level: 'info', job: 'scheduled', cron: controller.cron };
    if (flush.status === 'fulfilled') console.log(JSON.stringify({ ...log, flush: flush.value }));
    else console.error(JSON.stringify({ ...log, level: 'error', job: 'flush', message: String(flush.reason) }));
    if (prune.status === 'rejected') {
      console.error(JSON.stringify({ ...log, level: 'error', job: 'prune', message: String(prune.reason) }));
    }
    // A failed job makes the invocation fail too, so Cloudflare's cron history shows it.
    if (flush.status === 'rejected') throw flush.reason;
    if (prune.status === 'rejected') throw prune.reason;
  },
} satisfies ExportedHandler<Bindings>;
