import { defineConfig } from 'drizzle-kit';

// drizzle-kit writes plain SQL into migrations/, which wrangler applies (locally and remotely)
// and the worker tests apply before each file.
export default defineConfig({
  dialect: 'sqlite',
  // schema/orgs.ts is not re-exported by schema.ts: only the organisations' code, loaded on first use, reads it.
  schema: ['./worker/db/schema.ts', './worker/db/schema/orgs.ts'],
  out: './migrations',
});
