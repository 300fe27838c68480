import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineSql, offlineDb } from '../../worker/db/render';
import { seedQueries } from '../../worker/db/seed';
import type { Manifest } from '../../scripts/backup';
import { admin, BINDINGS, type D1, migrate, newStateDir, openState, repo } from './local-state';

// The backup drill of docs/operating.md on a local state: filled with the real migrations, the
// catalogue's seed and rows as the Worker writes them, backed up with `npm run admin -- backup`,
// changed, then restored with `npm run admin -- restore`, every database together.

const stateDir = newStateDir();
// The backups in a folder of their own: the restore keeps the present beside the backup it restores.
const backups = mkdtempSync(join(tmpdir(), 'cardlink-backups-'));
const backupDir = join(backups, 'backup');
const DAY = 20_400;

/** Every row of every table of every database, in a stable order: what a restore must bring back. */
async function everything(): Promise<Record<string, Record<string, string[]>>> {
  const state = await openState(stateDir);
  try {
    const all: Record<string, Record<string, string[]>> = {};
    for (const binding of BINDINGS) {
      const db = state.db(binding);
      const tables = (
        await db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite_%'",
          )
          .all<{ name: string }>()
      ).results.map((row) => row.name);
      // One round trip a database: the proxy's connection gave way under hundreds of queries at once.
      const answers = (await db.batch(tables.map((name) => db.prepare(`SELECT * FROM "${name}"`)))) as {
        results: unknown[];
      }[];
      all[binding] = Object.fromEntries(
        tables.map((name, i) => [name, answers[i]!.results.map((row) => JSON.stringify(row)).sort()]),
      );
    }
    return all;
  } finally {
    await state.dispose();
  }
}

const run = (db: D1, ...sql: string[]) => db.batch(sql.map((text) => db.prepare(text)));

beforeAll(async () => {
  const state = await openState(stateDir);
  try {
    await migrate(state);
    const db = state.db('DB');
    await db.batch(seedQueries(offlineDb).map((statement) => db.prepare(inlineSql(statement))));
    // Two cards, one counted in COUNTS_0 and one in the last counting database; Ana's card uses a
    // shipped template, so the restore must make `templates` before her profile row goes in.
    const last = BINDINGS.at(-1)!;
    const lastShard = Number(last.replace('COUNTS_', ''));
    await run(
      db,
      "INSERT INTO users (id, email, password_hash, status, activated_at, created_at, updated_at) VALUES ('u-ana', 'ana@example.org', 'scrypt$x', 'active', 1767225600000, 1767225600000, 1767225600000)",
      "INSERT INTO users (id, email, password_hash, status, created_at, updated_at) VALUES ('u-bo', 'bo@example.org', 'scrypt$y', 'pending', 1767229200000, 1767229200000)",
      "INSERT INTO profiles (user_id, username, name, bio, template_id, count_shard, job_title) VALUES ('u-ana', 'ana', 'Ana Lima', 'Line one\nLine two; it''s mine', 2, 0, 'Engineer')",
      `INSERT INTO profiles (user_id, username, name, count_shard) VALUES ('u-bo', 'bo', 'Bo', ${lastShard})`,
      "INSERT INTO links (user_id, title, url, icon, display_order) VALUES ('u-ana', 'GitHub', 'https://github.com/ana', 'github', 0)",
    );
    await run(
      state.db('COUNTS_0'),
      `INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers) VALUES ('u-ana', ${DAY}, 41, 7, 30, 5)`,
      `INSERT INTO daily_breakdowns (user_id, day, facet, name, views, clicks) VALUES ('u-ana', ${DAY}, 'referrer', 'github.com', 12, 3)`,
    );
    await run(
      state.db(last),
      `INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers) VALUES ('u-bo', ${DAY}, 5, 0, 4, 0)`,
    );
  } finally {
    await state.dispose();
  }
}, 120_000);

afterAll(() => {
  for (const dir of [stateDir, backups]) rmSync(dir, { recursive: true, force: true });
});

describe('npm run admin -- backup and restore', { timeout: 300_000 }, () => {
  it('backs up every database, and a restore brings back what was changed and deleted in each', async () => {
    const before = await everything();
    expect(before.DB!.profiles).toHaveLength(2);

    const backedUp = admin(stateDir, 'backup', '--out', backupDir);
    expect(backedUp.status, backedUp.output).toBe(0);
    expect(backedUp.output).toContain(`Backed up the local state: ${BINDINGS.join(', ')} into ${backupDir}`);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.databases.map((database) => database.binding)).toEqual(BINDINGS);
    expect(manifest.version).toBe(JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version);
    expect(manifest.databases[0]!.rows).toMatchObject({ users: 2, profiles: 2, links: 1 });
    expect(manifest.databases[0]!.migrations).toEqual(
      readdirSync(join(repo, 'migrations'))
        .filter((name) => name.endsWith('.sql'))
        .sort(),
    );
    expect(manifest.databases[1]!.rows).toMatchObject({ daily_stats: 1, daily_breakdowns: 1 });

    // An afternoon of damage: a card edited, a link and a day of statistics deleted, an account
    // added, a counting database emptied, and a table a later release might add.
    const state = await openState(stateDir);
    try {
      await run(
        state.db('DB'),
        "UPDATE profiles SET name = 'Someone Else', bio = '' WHERE user_id = 'u-ana'",
        'DELETE FROM links',
        "INSERT INTO users (id, email, password_hash) VALUES ('u-cy', 'cy@example.org', 'scrypt$z')",
        'CREATE TABLE later_release (id integer PRIMARY KEY)',
      );
      await run(state.db('COUNTS_0'), 'DELETE FROM daily_stats', 'DELETE FROM daily_breakdowns');
      await run(state.db(BINDINGS.at(-1)!), 'DELETE FROM daily_stats');
    } finally {
      await state.dispose();
    }

    const restored = admin(stateDir, 'restore', backupDir);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toContain('every table holds the rows the backup counted');
    expect(await everything()).toEqual(before);

    // The present was kept before it was replaced, beside the backup: the restore can be undone.
    const kept = /The present is kept in (\S+) /.exec(restored.output)?.[1];
    expect(kept && dirname(kept)).toBe(backups);
    expect(readFileSync(join(kept!, 'DB.sql'), 'utf8')).toContain("'Someone Else'");
  });

  it('refuses a backup that lacks a database or whose file was cut short, and changes nothing', async () => {
    const partial = `${backupDir}-partial`;
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
    const files = Object.fromEntries(
      manifest.databases.map((d) => [d.file, readFileSync(join(backupDir, d.file), 'utf8')]),
    );
    const write = (m: Manifest, changed: Record<string, string>) => {
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(partial);
      for (const [file, sql] of Object.entries({ ...files, ...changed })) writeFileSync(join(partial, file), sql);
      writeFileSync(join(partial, 'manifest.json'), JSON.stringify(m));
    };
    const before = await everything();
    try {
      write({ ...manifest, databases: manifest.databases.filter((d) => d.binding !== 'COUNTS_0') }, {});
      let refused = admin(stateDir, 'restore', partial);
      expect(refused.status).toBe(1);
      expect(refused.output).toContain('the backup has no copy of COUNTS_0');
      expect(refused.output).toContain('Nothing was changed.');

      const db = files['DB.sql']!;
      write(manifest, { 'DB.sql': db.slice(0, db.indexOf('INSERT INTO "profiles"')) });
      refused = admin(stateDir, 'restore', partial);
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/DB\.sql does not hold the rows its manifest counts \(.*profiles/);
      expect(await everything()).toEqual(before);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  });
});
