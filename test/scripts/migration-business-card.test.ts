import { readdirSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Migration 0011 adds the business card's columns to a database that already holds
// cards (a copy of the schema before it, with a row), and the card it finds keeps everything.

const dir = fileURLToPath(new URL('../../migrations/', import.meta.url));
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const apply = (db: DatabaseSync, name: string) => {
  for (const statement of readFileSync(`${dir}${name}`, 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) db.exec(statement);
};

describe('migration 0011_business_card', () => {
  it('applies on a copy of the schema before it and gives existing cards empty fields', () => {
    const db = new DatabaseSync(':memory:');
    const index = files.findIndex((name) => name.startsWith('0011_business_card'));
    expect(index).toBeGreaterThan(0);
    for (const name of files.slice(0, index)) apply(db, name);
    db.exec("INSERT INTO users (id, email, password_hash) VALUES ('u1', 'a@example.com', 'x')");
    db.exec("INSERT INTO profiles (user_id, username, name, bio) VALUES ('u1', 'ada', 'Ada', 'Hello')");
    apply(db, files[index]!);
    expect(
      db
        .prepare(
          'SELECT username, name, bio, job_title, company, phone, public_email, location, pronouns FROM profiles',
        )
        .get(),
    ).toEqual({
      username: 'ada',
      name: 'Ada',
      bio: 'Hello',
      job_title: '',
      company: '',
      phone: '',
      public_email: '',
      location: '',
      pronouns: '',
    });
    // Whatever came after it applies too.
    for (const name of files.slice(index + 1)) apply(db, name);
  });
});
