// What `npm run deploy` checks in the built Worker's config (dist/cardlink/wrangler.json) before
// it changes anything in production: the bindings the Worker uses exist, and none still carries
// wrangler.toml's placeholder id (docs/deploying.md, step by step).

import { countBinding, countShards } from '../worker/lib/count-shards.ts';

export type BuiltConfig = {
  d1_databases?: { binding: string; database_id?: string }[];
  kv_namespaces?: { binding: string; id?: string }[];
  r2_buckets?: { binding: string; bucket_name?: string }[];
  images?: { binding?: string };
  queues?: { producers?: { binding: string; queue: string }[]; consumers?: { queue: string }[] };
  triggers?: { crons?: string[] };
  routes?: unknown[];
  vars?: Record<string, unknown>;
};

// wrangler.toml's placeholders: all zeros, or the counting databases' zeros ending c000, c001, ...
const placeholder = (id: string | undefined) => !id || /^[0-]+(c0\d\d)?$/.test(id);
const FIX = 'put the id in deploy.config.json (deploy.config.example.json shows how) and build again';

/** Errors stop the deploy; warnings are printed and the deploy goes on. */
export function builtConfigProblems(config: BuiltConfig) {
  const errors: string[] = [];
  const warnings: string[] = [];
  const db = config.d1_databases?.find((d) => d.binding === 'DB');
  if (!db) errors.push('the D1 binding DB is missing');
  else if (placeholder(db.database_id)) errors.push(`DB has the placeholder database id: ${FIX}`);
  for (const binding of countShards().map(countBinding)) {
    const counts = config.d1_databases?.find((d) => d.binding === binding);
    if (!counts) errors.push(`the D1 binding ${binding} is missing (a counting database, docs/decisions/0071)`);
    else if (placeholder(counts.database_id)) errors.push(`${binding} has the placeholder database id: ${FIX}`);
  }
  const ids = config.d1_databases?.map((d) => d.database_id) ?? [];
  if (new Set(ids).size !== ids.length) errors.push('two D1 bindings name the same database: each needs its own');
  const kv = config.kv_namespaces?.find((k) => k.binding === 'EVENTS');
  if (!kv) errors.push('the KV binding EVENTS is missing');
  else if (placeholder(kv.id)) errors.push(`EVENTS has the placeholder namespace id: ${FIX}`);
  if (!config.r2_buckets?.some((b) => b.binding === 'MEDIA' && b.bucket_name))
    errors.push('the R2 binding MEDIA is missing');
  if (config.images?.binding !== 'IMAGES') errors.push('the Images binding IMAGES is missing');
  const drains = config.queues?.producers?.find((q) => q.binding === 'DRAINS');
  if (!drains) errors.push('the queue binding DRAINS is missing');
  else if (!config.queues?.consumers?.some((c) => c.queue === drains.queue))
    errors.push(`nothing consumes the queue ${drains.queue}: the view and click buffer would never drain`);
  if (!config.triggers?.crons?.length) errors.push('the cron trigger is missing: the buffer would never drain');
  if (config.vars?.ENVIRONMENT !== 'production') errors.push('ENVIRONMENT must be "production"');
  if (!config.routes?.length)
    warnings.push(
      'no route: the Worker answers on workers.dev only; the card cache and the visitor bounds need a custom domain (routes in deploy.config.json)',
    );
  if (typeof config.vars?.MAIL_FROM === 'string' && config.vars.MAIL_FROM.endsWith('@example.com>'))
    warnings.push('MAIL_FROM is still the example address: password-reset mail needs a verified sending domain');
  return { errors, warnings };
}
