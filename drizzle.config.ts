import { defineConfig } from 'drizzle-kit';

// drizzle-kit writes plain SQL into migrations/, which wrangler applies (locally and remotely)
// and the worker tests apply before each file.
export default defineConfig({
  dialect: 'sqlite',
  // The cards' domains are not re-exported by schema.ts (it explains why): named here beside it.
  schema: ['./worker/db/schema.ts', './worker/db/schema/domains.ts'],
  out: './migrations',
});
