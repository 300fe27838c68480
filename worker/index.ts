import { app } from './app';
import type { Bindings } from './env';
import { withSimulatedDistance } from './lib/simulated-distance';

export default {
  // A development request may ask to be served as if from far away (npm run bench).
  fetch: (request, env, ctx) => app.fetch(request, withSimulatedDistance(env, request), ctx),
  /** Every minute (wrangler.toml): the drains' start, pruning, compaction and the other jobs (jobs.ts). */
  async scheduled(controller, env, _ctx) {
    const { runScheduled } = await import('./jobs');
    await runScheduled(controller, env);
  },
  /** The drain queue (one shard per message) and the webhook queue (one delivery attempt per message): jobs.ts. */
  async queue(batch, env, _ctx) {
    const { runQueue } = await import('./jobs');
    await runQueue(batch, env);
  },
} satisfies ExportedHandler<Bindings, unknown>;
