import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE_ID } from '../../worker/services/operator-statements';
import { adminHere as admin, migrate, newStateDir, openState } from './local-state';

// `npm run admin` on a local state of its own, as an operator runs it: the accounts are rows as
// the Worker writes them (an active account, a sign-up waiting for activation, a deactivated one),
// and what each command leaves is read back from the database.

const stateDir = newStateDir();
const T = 1767225600000;

const ACCOUNTS = {
  ana: { id: 'u-ana', status: 'active', activated: T, deactivated: null },
  bo: { id: 'u-bo', status: 'pending', activated: null, deactivated: null },
  cy: { id: 'u-cy', status: 'pending', activated: T, deactivated: T + 1000 },
};

beforeAll(async () => {
  const state = await openState(stateDir);
  try {
    await migrate(state);
    const db = state.db('DB');
    await db.batch(
      Object.entries(ACCOUNTS).flatMap(([name, a], i) => [
        db
          .prepare(
            'INSERT INTO users (id, email, password_hash, status, activated_at, deactivated_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .bind(a.id, `${name}@example.org`, 'scrypt$x', a.status, a.activated, a.deactivated, T + i, T + i),
        db
          .prepare('INSERT INTO profiles (user_id, username, name) VALUES (?, ?, ?)')
          .bind(a.id, name, name.toUpperCase()),
      ]),
    );
    // Several cards: ana's second card is taken down; bo's second card became the primary one, so
    // the old `profiles` row (kept in step with the first card only) names a card no longer primary.
    await db.batch([
      db
        .prepare(
          'INSERT INTO cards (id, user_id, is_primary, username, name, taken_down_at, takedown_reason, created_at) VALUES (?, ?, 0, ?, ?, ?, ?, ?)',
        )
        .bind('c-ana-shop', 'u-ana', 'ana_shop', 'Ana Shop', T + 20_000, 'Sells fakes', T + 10_000),
      db.prepare('UPDATE cards SET is_primary = 0 WHERE id = ?').bind('u-bo'),
      db
        .prepare('INSERT INTO cards (id, user_id, is_primary, username, name, created_at) VALUES (?, ?, 1, ?, ?, ?)')
        .bind('c-bo-work', 'u-bo', 'bo_work', 'Bo Work', T + 30_000),
    ]);
  } finally {
    await state.dispose();
  }
}, 120_000);

afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

/** Each account's role, and the audit rows the command line wrote. */
async function stored() {
  const state = await openState(stateDir);
  try {
    const db = state.db('DB');
    const roles = (await db.prepare('SELECT id, role FROM users ORDER BY id').all<{ id: string; role: string }>())
      .results;
    const audit = (
      await db
        .prepare('SELECT action, target_id FROM audit_log WHERE actor_id = ? ORDER BY id')
        .bind(COMMAND_LINE_ID)
        .all<{ action: string; target_id: string }>()
    ).results;
    return { roles: Object.fromEntries(roles.map((row) => [row.id, row.role])), audit };
  } finally {
    await state.dispose();
  }
}

describe('npm run admin: the operator role', { timeout: 300_000 }, () => {
  it('refuses revoke-admin on an account that is no operator, and grant-admin on one not active, changing nothing', async () => {
    const notOperator = await admin(stateDir, 'revoke-admin', 'ana@example.org');
    expect(notOperator.status, notOperator.output).toBe(1);
    expect(notOperator.output).toContain('ana@example.org is not an operator; nothing was changed.');
    expect(notOperator.output).not.toContain('is no longer an operator');

    const signUp = await admin(stateDir, 'grant-admin', 'bo@example.org');
    expect(signUp.status, signUp.output).toBe(1);
    expect(signUp.output).toContain(
      'bo@example.org is not active (sign-up waiting for activation): activate it first (npm run admin -- activate bo@example.org).',
    );

    const deactivated = await admin(stateDir, 'grant-admin', 'CY@example.org');
    expect(deactivated.status, deactivated.output).toBe(1);
    expect(deactivated.output).toContain('cy@example.org is not active (deactivated)');

    expect(await stored()).toEqual({ roles: { 'u-ana': 'user', 'u-bo': 'user', 'u-cy': 'user' }, audit: [] });
  });

  it('grants the role to an active account, lists the operators, and revokes it, each audited', async () => {
    const granted = await admin(stateDir, 'grant-admin', 'ana@example.org');
    expect(granted.status, granted.output).toBe(0);
    expect(granted.output).toContain('ana@example.org is an operator now.');

    const listed = await admin(stateDir, 'operators');
    expect(listed.status, listed.output).toBe(0);
    const rows = listed.output.split('\n').filter((line) => line.includes('@example.org'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/ana@example\.org.*'ana'.*'active'.*'no'.*'2026-01-01T00:00:00\.000Z'/);

    const revoked = await admin(stateDir, 'revoke-admin', 'ana@example.org');
    expect(revoked.status, revoked.output).toBe(0);
    expect(revoked.output).toContain('ana@example.org is no longer an operator.');

    expect(await stored()).toEqual({
      roles: { 'u-ana': 'user', 'u-bo': 'user', 'u-cy': 'user' },
      audit: [
        { action: 'grant_admin', target_id: 'u-ana' },
        { action: 'revoke_admin', target_id: 'u-ana' },
      ],
    });
    expect((await admin(stateDir, 'operators')).output).toContain('No operators.');
  });
});

describe('npm run admin: the cards of an account', { timeout: 300_000 }, () => {
  it('list names a sign-up by its primary card, not by the first card of before', async () => {
    const listed = await admin(stateDir, 'list');
    expect(listed.status, listed.output).toBe(0);
    const rows = listed.output.split('\n').filter((line) => line.includes('@example.org'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/bo@example\.org.*'bo_work'/);
  });

  it('cards prints every card of the account: primary first, taken down with the reason, created', async () => {
    const shown = await admin(stateDir, 'cards', 'ANA@example.org');
    expect(shown.status, shown.output).toBe(0);
    const rows = shown.output.split('\n').filter((line) => line.includes("'ana"));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/'ana'.*'yes'.*'no'.*'\d{4}-\d\d-\d\dT/);
    expect(rows[1]).toMatch(/'ana_shop'.*'no'.*'2026-01-01T00:00:20\.000Z: Sells fakes'.*'2026-01-01T00:00:10\.000Z'/);

    const bo = await admin(stateDir, 'cards', 'bo@example.org');
    expect(
      bo.output
        .split('\n')
        .filter((line) => line.includes("'bo"))
        .map((line) => line.match(/'(bo\w*)'.*?'(yes|no)'/)?.slice(1)),
    ).toEqual([
      ['bo_work', 'yes'],
      ['bo', 'no'],
    ]);

    const missing = await admin(stateDir, 'cards', 'nobody@example.org');
    expect(missing.status).toBe(1);
    expect(missing.output).toContain('No account with the e-mail nobody@example.org in the local database.');
    const noEmail = await admin(stateDir, 'cards');
    expect(noEmail.status).toBe(1);
    expect(noEmail.output).toContain("cards needs the account's e-mail address.");
  });
});
