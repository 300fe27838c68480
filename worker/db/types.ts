import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from './schema';

/**
 * The drizzle database over the schema. Its own file, free of the Worker's globals, so the
 * modules the scripts import from Node (seed.ts, services/sign-out.ts) type-check there too.
 */
export type Db = DrizzleD1Database<typeof schema>;
