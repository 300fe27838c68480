import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import migration from '../../../migrations/0010_account_states.sql?raw';

// Migration 0010's backfill, run again on rows shaped as the code before it left them. Storage is
// shared with other files, so each UPDATE is narrowed to this test's rows (an id filter added to
// its WHERE); the conditions themselves are the migration's own text.
const backfill = (ids: string[]) =>
  migration
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('UPDATE'))
    .map((statement) =>
      statement.replace(/\sWHERE\s/, ` WHERE \`id\` IN (${ids.map((id) => `'${id}'`).join(', ')}) AND `),
    );

async function account(status: 'active' | 'pending', evidence: 'session' | 'link' | 'audit' | 'none') {
  const id = crypto.randomUUID();
  const statements = [
    env.DB.prepare(
      "INSERT INTO users (id, email, password_hash, status, created_at, updated_at) VALUES (?, ?, 'x', ?, 1000, 2000)",
    ).bind(id, `${id}@example.com`, status),
  ];
  if (evidence === 'session')
    statements.push(
      env.DB.prepare(
        "INSERT INTO sessions (id, user_id, browser, os, device, created_at, last_used_at) VALUES (?, ?, 'Firefox', 'Linux', 'desktop', 1, 1)",
      ).bind(crypto.randomUUID(), id),
    );
  // A link hangs off the account's card (its profile, as the release of 0010 made it with the account).
  if (evidence === 'link')
    statements.push(
      env.DB.prepare(
        'INSERT INTO profiles (user_id, username, name, theme_id, template_id) VALUES (?, ?, ?, 1, 1)',
      ).bind(id, `states-${id.slice(0, 8)}`, 'Pending Person'),
      env.DB.prepare("INSERT INTO links (user_id, title, url) VALUES (?, 'Site', 'https://example.com/')").bind(id),
    );
  if (evidence === 'audit')
    statements.push(
      env.DB.prepare(
        "INSERT INTO audit_log (actor_id, actor_email, action, target_id, created_at) VALUES ('op', 'op@example.com', 'deactivate', ?, 1)",
      ).bind(id),
    );
  await env.DB.batch(statements);
  return id;
}

describe('migration 0010: account states', () => {
  it('marks active accounts as let in, and pending ones that were ever active as deactivated', async () => {
    const active = await account('active', 'none');
    const signUp = await account('pending', 'none');
    const signedIn = await account('pending', 'session');
    const withLinks = await account('pending', 'link');
    const byOperator = await account('pending', 'audit');
    const ids = [active, signUp, signedIn, withLinks, byOperator];
    const texts = backfill(ids);
    expect(texts).toHaveLength(2);
    await env.DB.batch(texts.map((text) => env.DB.prepare(text)));
    const rows = await env.DB.prepare(
      `SELECT id, status, activated_at, deactivated_at FROM users WHERE id IN (${ids.map(() => '?').join(', ')})`,
    )
      .bind(...ids)
      .all<{ id: string; status: string; activated_at: number | null; deactivated_at: number | null }>();
    const byId = Object.fromEntries(rows.results.map((row) => [row.id, row]));
    expect(byId[active]).toMatchObject({ status: 'active', activated_at: 1000, deactivated_at: null });
    expect(byId[signUp]).toMatchObject({ status: 'pending', activated_at: null, deactivated_at: null });
    for (const id of [signedIn, withLinks, byOperator])
      expect(byId[id]).toMatchObject({ status: 'pending', activated_at: 1000, deactivated_at: 2000 });
  });
});
