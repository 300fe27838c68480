import { drizzle } from 'drizzle-orm/d1';
import type { Db } from '../env';
import * as schema from './schema';

/** The drizzle database over D1 (or one of its sessions): how services write SQL. */
export const createDb = (d1: D1Database | D1DatabaseSession): Db =>
  // A session answers prepare and batch exactly as the database does, which is all drizzle calls.
  drizzle(d1 as D1Database, { schema });
