import { applyD1Migrations, env } from 'cloudflare:test';
import { countDatabase, countShards } from '../../worker/lib/count-shards';
import { inlineSql, offlineDb } from '../../worker/db/render';
import { seedQueries } from '../../worker/db/seed';
import { loadPhotos } from './photos';

// Runs before each test file: the schema and the catalogue, seeded with the SQL text the scripts
// send to wrangler (scripts/lib.ts). The files of the shared project run one after another in one
// workerd, on its storage and in its global scope (vitest.config.ts): there it is done once per
// process instead of before every file. A whole-store file starts a runtime of its own.
const runtime = globalThis as { storageReady?: boolean };
if (!runtime.storageReady) {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // The counting databases together: each is a database of its own (docs/decisions/0071).
  await Promise.all(
    countShards(env).map((shard) => applyD1Migrations(countDatabase(env, shard), env.TEST_COUNT_MIGRATIONS)),
  );
  await env.DB.batch(seedQueries(offlineDb).map((statement) => env.DB.prepare(inlineSql(statement))));
  runtime.storageReady = true;
}
await loadPhotos();
// The modules the Worker imports on a route's first call, loaded here outside any request: in the
// test runner that first load is fetched through the runner on behalf of the request that asked,
// and a run once hung there ("Cannot perform I/O on behalf of a different request"). A deployed
// Worker has them bundled.
await Promise.all([
  import('../../worker/routes/orgs-handlers'),
  import('../../worker/routes/org-data-handlers'),
  import('../../worker/services/webhooks/endpoints'),
  import('../../worker/services/webhooks/actions'),
  import('../../worker/services/api-tokens-manage'),
]);
