import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inlineSql, offlineDb } from '../../../worker/db/render';
import { SEED_TEMPLATES, SEED_THEMES, seedQueries, templateThumbnailPath } from '../../../worker/db/seed';
import { DEACTIVATED_MESSAGE } from '../../../worker/services/account-standing';
import { type AccountCommand, COMMAND_LINE_ID, commandStatements } from '../../../worker/services/operator-statements';
import { deactivation } from '../../../worker/services/sign-out';
import { login, outbox, post, profileWith } from '../auth-helpers';
import { enableTotp } from '../security-helpers';
import { minuteOf, tick } from '../services/events-helpers';
import { registerUser } from '../helpers';

// The scripts send the services' drizzle statements to `wrangler d1 execute` as SQL text with
// the values inlined (worker/db/render.ts): the same text, applied here, must do what they do.
const RESET_SUBJECT = 'Two-factor sign-in was turned off on your Cardlink account';
const apply = (texts: string[]) => env.DB.batch(texts.map((text) => env.DB.prepare(text)));

describe('statements the scripts render to SQL text', { timeout: 30_000 }, () => {
  it('the seed (npm start, deploy) writes the catalogue, and again changes nothing', async () => {
    const texts = seedQueries(offlineDb).map(inlineSql);
    // The seed's own rows: the presets migration 0019 wrote stay, as they do on a deploy.
    const seeded = SEED_THEMES.map((t) => t.id).join(', ');
    await apply([`DELETE FROM themes WHERE id IN (${seeded})`, 'DELETE FROM templates']);
    await apply(texts);
    await apply(texts);
    const themes = await env.DB.prepare(`SELECT * FROM themes WHERE id IN (${seeded}) ORDER BY id`).all();
    expect(themes.results).toEqual(
      SEED_THEMES.map((t) => ({
        id: t.id,
        name: t.name,
        background_color: t.background_color,
        text_color: t.text_color,
        accent_color: t.accent_color,
        font_family: t.font_family,
        background_image: t.background_image,
        is_default: t.is_default ? 1 : 0,
        button_style: null,
        button_shape: null,
        gradient_color: null,
        gradient_direction: null,
        pattern: null,
      })),
    );
    const templates = await env.DB.prepare('SELECT * FROM templates ORDER BY id').all();
    expect(templates.results).toEqual(
      SEED_TEMPLATES.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        thumbnail_url: templateThumbnailPath(t.slug),
        config: JSON.stringify(t.config),
      })),
    );
  });

  it("the seed inserts what is missing and never overwrites an operator's edit", async () => {
    const texts = seedQueries(offlineDb).map(inlineSql);
    await apply(texts);
    await apply([
      "UPDATE themes SET name = 'Classic Light (house colours)', accent_color = '#123456' WHERE id = 1",
      "UPDATE templates SET description = 'Edited by an operator.' WHERE id = 2",
      'DELETE FROM themes WHERE id = 3',
    ]);
    await apply(texts);
    const first = await env.DB.prepare('SELECT name, accent_color FROM themes WHERE id = 1').first();
    expect(first).toEqual({ name: 'Classic Light (house colours)', accent_color: '#123456' });
    const template = await env.DB.prepare('SELECT description FROM templates WHERE id = 2').first();
    expect(template).toEqual({ description: 'Edited by an operator.' });
    const restored = await env.DB.prepare('SELECT name FROM themes WHERE id = 3').first();
    expect(restored).toEqual({ name: SEED_THEMES.find((t) => t.id === 3)?.name });
    // Put the catalogue back as seeded for the files that share this storage.
    const seeded = { theme: SEED_THEMES[0]!, template: SEED_TEMPLATES[1]! };
    await env.DB.batch([
      env.DB.prepare('UPDATE themes SET name = ?1, accent_color = ?2 WHERE id = 1').bind(
        seeded.theme.name,
        seeded.theme.accent_color,
      ),
      env.DB.prepare('UPDATE templates SET description = ?1 WHERE id = 2').bind(seeded.template.description),
    ]);
  });

  it("admin's deactivate (npm run admin -- deactivate) signs the account out everywhere", async () => {
    const user = await registerUser();
    expect((await profileWith(user.token)).status).toBe(200);
    await apply(deactivation(offlineDb, user.id).map(inlineSql));
    const row = await env.DB.prepare('SELECT status, tokens_valid_after, deactivated_at FROM users WHERE id = ?')
      .bind(user.id)
      .first<{ status: string; tokens_valid_after: number; deactivated_at: number | null }>();
    expect(row?.status).toBe('pending');
    expect(row?.deactivated_at).toEqual(expect.any(Number));
    expect((await profileWith(user.token)).status).toBe(401);
    expect((await post('/v1/auth/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
    const open = await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND ended_at IS NULL')
      .bind(user.id)
      .first<{ n: number }>();
    expect(open?.n).toBe(0);
  });
});

describe(
  'npm run admin: every command writes the audit log, the command line as its actor',
  { timeout: 30_000 },
  () => {
    const actor = { id: COMMAND_LINE_ID, email: 'command line (ana@ops-laptop)' };
    const run = (command: AccountCommand, user: { id: string; username: string }, reason = '') =>
      apply(commandStatements(offlineDb, command, user, actor, reason).map(inlineSql));
    const audit = async (id: string) =>
      (
        await env.DB.prepare(
          'SELECT actor_id, actor_email, action, target_label, reason FROM audit_log WHERE target_id = ? ORDER BY id',
        )
          .bind(id)
          .all()
      ).results;

    it('activate, deactivate, grant-admin and revoke-admin change the account and say so in the audit', async () => {
      const user = await registerUser();
      await run('grant-admin', user);
      await run('revoke-admin', user);
      await run('deactivate', user, 'Spam links');
      expect((await login(user.email, user.password)).body.message).toBe(DEACTIVATED_MESSAGE);
      await run('activate', user);
      expect((await login(user.email, user.password)).status).toBe(200);
      const role = await env.DB.prepare('SELECT role FROM users WHERE id = ?').bind(user.id).first<{ role: string }>();
      expect(role?.role).toBe('user');
      const who = { actor_id: COMMAND_LINE_ID, actor_email: actor.email, target_label: user.username };
      expect(await audit(user.id)).toEqual([
        { ...who, action: 'grant_admin', reason: '' },
        { ...who, action: 'revoke_admin', reason: '' },
        { ...who, action: 'deactivate', reason: 'Spam links' },
        { ...who, action: 'activate', reason: '' },
      ]);
    });

    it('reset-2fa turns the app off, is audited, and the owner is mailed by the cron', async () => {
      const user = await registerUser();
      await enableTotp(user);
      await run('reset-2fa', user, 'Lost phone, ID checked');
      expect((await login(user.email, user.password)).body.token).toEqual(expect.any(String));
      expect(await audit(user.id)).toEqual([
        expect.objectContaining({ actor_id: COMMAND_LINE_ID, action: 'reset_2fa', reason: 'Lost phone, ID checked' }),
      ]);
      // The command line cannot send mail: the notice waits for the scheduled handler's mail turn.
      expect((await outbox(user.email)).map((mail) => mail.subject)).not.toContain(RESET_SUBJECT);
      await tick(minuteOf('notices'));
      expect((await outbox(user.email)).map((mail) => mail.subject)).toContain(RESET_SUBJECT);
      const left = await env.DB.prepare('SELECT count(*) AS n FROM notices WHERE user_id = ?')
        .bind(user.id)
        .first<{ n: number }>();
      expect(left?.n).toBe(0);
    });
  },
);
