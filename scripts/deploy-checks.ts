// What `npm run deploy` checks in the built Worker's config (dist/cardlink/wrangler.json) before
// it changes anything in production: the bindings the Worker uses exist, each names its resource
// (an id, or a name wrangler finds or creates it by), and none carries the all-zero placeholder
// ids of the releases before provisioning (docs/deploying.md, step by step).

import { COUNT_BINDING_PREFIX, countBinding, countShards } from '../worker/lib/count-shards.ts';

export type BuiltConfig = {
  d1_databases?: { binding: string; database_id?: string; database_name?: string }[];
  kv_namespaces?: { binding: string; id?: string }[];
  r2_buckets?: { binding: string; bucket_name?: string }[];
  images?: { binding?: string };
  queues?: { producers?: { binding: string; queue: string }[]; consumers?: { queue: string }[] };
  triggers?: { crons?: string[] };
  routes?: unknown[];
  vars?: Record<string, unknown>;
};

// The placeholders earlier releases kept in wrangler.toml: all zeros, or zeros ending c000, c001, ...
const placeholder = (id: string) => /^[0-]+(c0\d\d)?$/.test(id);
const FIX =
  'put the real id in deploy.config.json, or leave it out to have the deploy find or create the database by name';

/** Errors stop the deploy; warnings are printed and the deploy goes on. */
export function builtConfigProblems(config: BuiltConfig) {
  const errors: string[] = [];
  const warnings: string[] = [];
  const d1 = config.d1_databases ?? [];
  const named = (binding: string, what: string) => {
    const db = d1.find((d) => d.binding === binding);
    if (!db) errors.push(`the D1 binding ${binding} is missing${what}`);
    else if (db.database_id !== undefined && placeholder(db.database_id))
      errors.push(`${binding} has the placeholder database id: ${FIX}`);
    else if (!db.database_id && !db.database_name) errors.push(`${binding} names no database (database_name or an id)`);
  };
  named('DB', '');
  const counting = countShards(Object.fromEntries(d1.map((d) => [d.binding, d])));
  for (const binding of (counting.length > 0 ? counting : [0]).map(countBinding))
    named(binding, ' (a counting database, docs/decisions/0071)');
  for (const { binding } of d1) {
    const n = binding.startsWith(COUNT_BINDING_PREFIX) ? Number(binding.slice(COUNT_BINDING_PREFIX.length)) : NaN;
    if (n >= counting.length)
      errors.push(
        `${binding} follows a gap: counting databases are COUNTS_0 up without one missing (${countBinding(counting.length)} is)`,
      );
  }
  const ids = d1.flatMap((d) => (d.database_id ? [d.database_id] : []));
  const names = d1.flatMap((d) => (!d.database_id && d.database_name ? [d.database_name] : []));
  if (new Set(ids).size !== ids.length || new Set(names).size !== names.length)
    errors.push('two D1 bindings name the same database: each needs its own');
  const kv = config.kv_namespaces?.find((k) => k.binding === 'EVENTS');
  if (!kv) errors.push('the KV binding EVENTS is missing');
  else if (kv.id !== undefined && placeholder(kv.id)) errors.push(`EVENTS has the placeholder namespace id: ${FIX}`);
  if (!config.r2_buckets?.some((b) => b.binding === 'MEDIA' && b.bucket_name))
    errors.push('the R2 binding MEDIA is missing');
  if (config.images?.binding !== 'IMAGES') errors.push('the Images binding IMAGES is missing');
  const drains = config.queues?.producers?.find((q) => q.binding === 'DRAINS');
  if (!drains) errors.push('the queue binding DRAINS is missing');
  else if (!config.queues?.consumers?.some((c) => c.queue === drains.queue))
    errors.push(`nothing consumes the queue ${drains.queue}: the view and click buffer would never drain`);
  const webhooks = config.queues?.producers?.find((q) => q.binding === 'WEBHOOKS');
  if (!webhooks) errors.push('the queue binding WEBHOOKS is missing');
  else if (!config.queues?.consumers?.some((c) => c.queue === webhooks.queue))
    errors.push(`nothing consumes the queue ${webhooks.queue}: webhooks would never be delivered`);
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
