import { applyD1Migrations, env } from 'cloudflare:test';
import { seedStatements } from '../../worker/db/seed';

// Runs before each test file, whose storage is its own: the schema and the catalogue.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(seedStatements().map((sql) => env.DB.prepare(sql)));
