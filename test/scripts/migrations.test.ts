import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationHazards } from '../../scripts/migration-rules';

// `npm run deploy` migrates before the new Worker is live, and `wrangler rollback` runs the old
// Worker on the new schema: so a migration only adds (docs/development.md, a new migration).

// The accounts database's and the counting databases' (docs/decisions/0071).
const migrations = ['migrations/', 'migrations-counts/'].flatMap((folder) =>
  readdirSync(fileURLToPath(new URL(`../../${folder}`, import.meta.url)))
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => `${folder}${name}`),
);
const dir = fileURLToPath(new URL('../../', import.meta.url));

describe('migrations roll forward and back', () => {
  it.each(migrations)('%s only adds what the running Worker can ignore', (name) => {
    expect(migrationHazards(readFileSync(`${dir}${name}`, 'utf8'))).toEqual([]);
  });

  it('names each statement that would break the Worker still running', () => {
    const sql = [
      'CREATE TABLE `notes` (`id` integer PRIMARY KEY NOT NULL, `body` text NOT NULL);',
      'ALTER TABLE `users` ADD `nickname` text;',
      "ALTER TABLE `users` ADD `tier` text DEFAULT 'free' NOT NULL;",
      'CREATE INDEX `notes_body` ON `notes` (`body`);',
      'DROP INDEX `events_link`;',
      'ALTER TABLE `users` ADD `plan` text NOT NULL;',
      'DROP TABLE `visitor_salts`;',
      'ALTER TABLE `users` DROP COLUMN `role`;',
      'ALTER TABLE `links` RENAME COLUMN `url` TO `href`;',
      'ALTER TABLE `links` RENAME TO `card_links`;',
      'CREATE TABLE `__new_profiles` (`user_id` text PRIMARY KEY NOT NULL);',
      'UPDATE `themes` SET `name` = `name`;',
    ].join('--> statement-breakpoint\n');
    expect(migrationHazards(sql)).toEqual([
      "ALTER TABLE `users` ADD `plan` text NOT NULL: a NOT NULL column without a default breaks the running Worker's inserts",
      'DROP TABLE `visitor_salts`: drops what the running Worker may still read',
      'ALTER TABLE `users` DROP COLUMN `role`: drops what the running Worker may still read',
      'ALTER TABLE `links` RENAME COLUMN `url` TO `href`: renames what the running Worker may still read',
      'ALTER TABLE `links` RENAME TO `card_links`: renames what the running Worker may still read',
      "CREATE TABLE `__new_profiles` (`user_id` text PRIMARY KEY NOT NULL): rebuilds a table (drizzle-kit's copy and swap), which drops the old one",
    ]);
  });

  it('lets a removal through in a later release when its migration says why', () => {
    const sql =
      '-- contract: `users.legacy_flag` unread since the release of 2026-10-01\nALTER TABLE `users` DROP COLUMN `legacy_flag`;';
    expect(migrationHazards(sql)).toEqual([]);
  });
});
