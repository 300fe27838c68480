// The rule for migrations (docs/development.md, a new migration): `npm run deploy` applies them
// while the previous Worker still serves, and `wrangler rollback` runs the previous Worker on the
// new schema, so a migration may add tables, nullable or defaulted columns, and indexes, but not
// drop, rename or rebuild what a Worker may read. A removal waits for a later release, once no
// deployed Worker reads it, and its migration says so on a line `-- contract: <why it is safe>`.

const RULES: [RegExp, string][] = [
  [/^DROP\s+TABLE\b/i, 'drops what the running Worker may still read'],
  [/^ALTER\s+TABLE\s+\S+\s+DROP\b/i, 'drops what the running Worker may still read'],
  [/^ALTER\s+TABLE\s+\S+\s+RENAME\b/i, 'renames what the running Worker may still read'],
  [/^CREATE\s+TABLE\s+[`"]?__new_/i, "rebuilds a table (drizzle-kit's copy and swap), which drops the old one"],
];

/** Each statement of the migration that would break the Worker still running, with the reason. */
export function migrationHazards(sql: string): string[] {
  if (/^--\s*contract:\s*\S/m.test(sql)) return [];
  const statements = sql
    .split(/-->\s*statement-breakpoint|;\s*$/m)
    .map((statement) =>
      statement
        .replace(/^\s*--.*$/gm, '')
        .trim()
        .replace(/;$/, '')
        .replace(/\s+/g, ' '),
    )
    .filter(Boolean);
  const hazards: string[] = [];
  for (const statement of statements) {
    const rule = RULES.find(([pattern]) => pattern.test(statement));
    if (rule) hazards.push(`${statement}: ${rule[1]}`);
    else if (
      /^ALTER\s+TABLE\s+\S+\s+ADD\b/i.test(statement) &&
      /\bNOT\s+NULL\b/i.test(statement) &&
      !/\bDEFAULT\b/i.test(statement)
    )
      hazards.push(`${statement}: a NOT NULL column without a default breaks the running Worker's inserts`);
  }
  return hazards;
}
