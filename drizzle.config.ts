import { defineConfig } from 'drizzle-kit';

// drizzle-kit writes plain SQL into migrations/, which wrangler applies (locally and remotely)
// and the worker tests apply before each file.
export default defineConfig({
  dialect: 'sqlite',
  // schema/orgs.ts and schema/domains.ts are not re-exported by schema.ts: only code loaded on
  // first use reads them (schema.ts explains why); named here beside it.
  schema: ['./worker/db/schema.ts', './worker/db/schema/orgs.ts', './worker/db/schema/domains.ts'],
  out: './migrations',
});
