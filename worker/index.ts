import { app } from './app';
import type { Bindings } from './env';

export default {
  fetch: app.fetch,
  async scheduled(_controller, _env, _ctx) {
    // The counter flush is mounted here (see services/counters).
  },
} satisfies ExportedHandler<Bindings>;
