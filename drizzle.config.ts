import { defineConfig } from 'drizzle-kit';

// drizzle-kit writes plain SQL into migrations/, which wrangler applies (locally and remotely)
// and the worker tests apply before each file.
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
});
