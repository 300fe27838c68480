import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminAccount, AdminAccountCard, AdminAuditEntry, AdminReport, PlatformStatus } from '@shared/types';
import { Component as AdminRoute } from '@/app/routes/admin';
import { auditSentence, when } from '@/features/admin/lib/audit-sentence';
import { authStore } from '@/lib/auth-store';
import { http } from 'msw';
import { adminAccountsAre, adminReportsAre, adminStatusIs } from './api/admin';
import { adminDomainsResponse, type AdminDomain } from '@shared/schemas/admin-domains';
import { answer, done, failure } from './api/answer';
import { calls, server } from './api/server';
import { holdSession } from './api/session';
import { renderRoutes } from './helpers';

const ana = { id: 'op1', name: 'Ana Operator', username: 'ana', email: 'ana@example.com' } as never;

function anAccount(overrides: Partial<AdminAccount> = {}): AdminAccount {
  const account: Omit<AdminAccount, 'cards'> & Partial<Pick<AdminAccount, 'cards'>> = {
    id: crypto.randomUUID(),
    email: 'bob@example.com',
    status: 'active',
    state: 'active',
    is_admin: false,
    is_self: false,
    username: 'bob',
    name: 'Bob',
    created_at: '2026-03-12T10:00:00.000Z',
    activated_at: '2026-03-12T10:00:00.000Z',
    deactivated_at: null,
    taken_down_at: null,
    takedown_reason: null,
    two_factor: { app: true, passkeys: 1 },
    ...overrides,
  };
  // One card, the primary one, as every account had before it could hold several.
  const primary: AdminAccountCard = {
    id: account.id,
    username: account.username ?? 'bob',
    name: account.name ?? 'Bob',
    is_primary: true,
    taken_down_at: account.taken_down_at,
    takedown_reason: account.takedown_reason,
  };
  return { cards: [primary], ...account };
}

function renderConsole() {
  holdSession('access', 'refresh-1');
  authStore.setUser(ana);
  const rendered = renderRoutes([{ path: '/admin', element: <AdminRoute /> }], '/admin');
  return { ...rendered, calls };
}

describe('the admin console', () => {
  it('offers nothing on the operator’s own row, and shows sign-up date, two-factor state and the card', async () => {
    const bob = anAccount();
    const self = anAccount({ email: 'ana@example.com', username: 'ana', is_self: true, is_admin: true });
    server.use(adminAccountsAre(() => ({ accounts: [bob, self] })));
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Accounts' }));
    const rows = await screen.findAllByRole('listitem');
    const own = rows.find((row) => within(row).queryByText('ana@example.com'))!;
    expect(within(own).queryAllByRole('button')).toEqual([]);
    expect(within(own).getByText('Your own account: change it in Security.')).toBeInTheDocument();
    const other = rows.find((row) => within(row).queryByText('bob@example.com'))!;
    expect(within(other).getByText(/Signed up .*2026 · Two-factor: authenticator app, 1 passkey/)).toBeInTheDocument();
    expect(within(other).getByRole('link', { name: 'Card of bob@example.com: @bob' })).toHaveAttribute(
      'href',
      '/p/bob',
    );
    expect(within(other).getByRole('button', { name: 'Deactivate bob@example.com' })).toBeInTheDocument();
    // Reject deletes: never offered for an account that was let in.
    expect(within(other).queryByRole('button', { name: /^Reject/ })).toBeNull();
  });

  it('asks to confirm a deactivation and for a reason, sending nothing before, and shows the server’s field message', async () => {
    const bob = anAccount();
    server.use(
      adminAccountsAre(() => ({ accounts: [bob] })),
      http.post('/v1/admin/accounts/:id/deactivate', async ({ request }) => {
        const { reason } = (await request.json()) as { reason: string };
        return reason
          ? done('The account is deactivated: signed out everywhere, its card offline.')
          : failure(422, 'Say why', { reason: ['Say why; the audit log keeps the reason'] });
      }),
    );
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Deactivate bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate bob@example.com?' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const reason = within(dialog).getByLabelText('Reason (kept in the audit log)');
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Say why; the audit log keeps the reason'));
    await user.type(reason, 'spam links');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
      path: `/v1/admin/accounts/${bob.id}/deactivate`,
      body: { reason: 'spam links' },
    });
    expect(await screen.findByText(/The account is deactivated/)).toBeInTheDocument();
  });

  it('offers Reject only for a sign-up never let in, and says how many accounts there are, a page at a time', async () => {
    const signUps = Array.from({ length: 100 }, (_, i) =>
      anAccount({ email: `new${i}@example.com`, username: `new${i}`, status: 'pending', state: 'pending' }),
    );
    server.use(
      adminAccountsAre((url) =>
        url.searchParams.get('page') === '2'
          ? { accounts: [anAccount({ state: 'pending', status: 'pending' })], total: 101, page: 2 }
          : { accounts: signUps, total: 101 },
      ),
    );
    const { user } = renderConsole();
    expect(await screen.findByText('1–100 of 101 sign-ups')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject new0@example.com' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('101–101 of 101 sign-ups')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/v1/admin/accounts?q=&state=pending&page=2')).toBe(true);
  });
});

describe('an account of several cards in the console', () => {
  const work: AdminAccountCard = {
    id: 'card-work',
    username: 'bob_work',
    name: 'Bob at Work',
    is_primary: false,
    taken_down_at: '2026-11-20T09:00:00.000Z',
    takedown_reason: 'Phishing page',
  };
  const shop: AdminAccountCard = {
    ...work,
    id: 'card-shop',
    username: 'bob_shop',
    taken_down_at: null,
    takedown_reason: null,
  };

  it('shows every card with its primary mark and takedown, and takes down or restores the one chosen', async () => {
    const bob = anAccount({ state: 'taken_down' });
    bob.cards = [...bob.cards, work, shop];
    server.use(
      adminAccountsAre(() => ({ accounts: [bob] })),
      http.post('/v1/admin/accounts/:id/takedown', () =>
        done('The card is taken down. Its owner sees the reason in their dashboard.'),
      ),
      http.post('/v1/admin/accounts/:id/restore', () => done('The card is back online.')),
    );
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Accounts' }));
    const cards = await screen.findByRole('list', { name: 'Cards of bob@example.com' });
    const [primary, second, third] = within(cards).getAllByRole('listitem');
    expect(within(primary!).getByRole('link', { name: 'Card of bob@example.com: @bob' })).toHaveAttribute(
      'href',
      '/p/bob',
    );
    expect(within(primary!).getByText('primary')).toBeInTheDocument();
    expect(within(primary!).queryByText('taken down')).toBeNull();
    expect(within(second!).getByRole('link', { name: 'Card of bob@example.com: @bob_work' })).toHaveAttribute(
      'href',
      '/p/bob_work',
    );
    expect(within(second!).queryByText('primary')).toBeNull();
    expect(within(second!).getByText('taken down')).toBeInTheDocument();
    expect(within(second!).getByText('Reason: Phishing page')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Take down @bob_work' })).toBeNull();
    expect(screen.getByText('a card taken down')).toBeInTheDocument();

    // Take down asks first, naming the card, and sends it; the primary card is not touched.
    await user.click(within(third!).getByRole('button', { name: 'Take down @bob_shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take down @bob_shop?' });
    expect(dialog).toHaveTextContent("the account's other cards stay online");
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason (its owner sees this; the audit log keeps it)'), 'Spam shop');
    await user.click(within(dialog).getByRole('button', { name: 'Take card down' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
      path: `/v1/admin/accounts/${bob.id}/takedown`,
      body: { reason: 'Spam shop', card_id: 'card-shop' },
    });

    // Restore undoes, so it needs no dialog; it names the taken-down card.
    await user.click(within(second!).getByRole('button', { name: 'Restore @bob_work' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
        path: `/v1/admin/accounts/${bob.id}/restore`,
        body: { card_id: 'card-work' },
      }),
    );
    expect(await screen.findByText('The card is back online.')).toBeInTheDocument();
  });

  it('takes down the reported card from a report, sending the report and its card', async () => {
    const report: AdminReport = {
      id: 7,
      account_id: 'acct-bob',
      card_id: 'card-work',
      username: 'bob_work',
      reason: 'phishing',
      note: 'Fake bank',
      created_at: '2026-11-24T13:05:00.000Z',
      state: 'open',
      resolved_at: null,
      resolved_by: null,
      resolution_reason: null,
      card_taken_down: false,
    };
    server.use(
      adminAccountsAre(() => ({ accounts: [] })),
      adminReportsAre(() => [report]),
      http.post('/v1/admin/accounts/:id/takedown', () =>
        done('The card is taken down. Its owner sees the reason in their dashboard.'),
      ),
    );
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Reports' }));
    await user.click(await screen.findByRole('button', { name: 'Take card down: @bob_work' }));
    const dialog = await screen.findByRole('dialog', { name: "Take down @bob_work's card?" });
    await user.type(within(dialog).getByLabelText('Reason (its owner sees this; the audit log keeps it)'), 'Phishing');
    await user.click(within(dialog).getByRole('button', { name: 'Take card down' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
        path: '/v1/admin/accounts/acct-bob/takedown',
        body: { reason: 'Phishing', report_id: 7, card_id: 'card-work' },
      }),
    );
  });
});

describe('the audit log as sentences', () => {
  const entry = (overrides: Partial<AdminAuditEntry>): AdminAuditEntry => ({
    id: 1,
    actor_kind: 'operator',
    actor: 'ana@example.com',
    actor_name: 'Ana Operator',
    action: 'deactivate',
    target: 'bob',
    target_id: 'b1',
    report_id: null,
    reason: 'spam links',
    created_at: '2026-11-24T13:05:00.000Z',
    ...overrides,
  });

  it('says who did what to whom and why, naming the report and the command line', () => {
    expect(auditSentence(entry({}))).toBe('Ana Operator deactivated @bob: "spam links"');
    expect(auditSentence(entry({ action: 'dismiss_report', report_id: 12, reason: 'A real shop' }))).toBe(
      'Ana Operator dismissed report #12 on @bob: "A real shop"',
    );
    expect(
      auditSentence(
        entry({
          actor_kind: 'command_line',
          actor: 'command line (ana@laptop)',
          actor_name: null,
          action: 'grant_admin',
          reason: '',
        }),
      ),
    ).toBe('Command line (ana@laptop) made @bob an operator');
    expect(auditSentence(entry({ actor_name: null, action: 'reset_2fa', reason: 'Lost phone' }))).toBe(
      'ana@example.com reset the two-factor sign-in of @bob: "Lost phone"',
    );
  });

  it('writes times in the operator’s zone and names it', () => {
    const expected = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(new Date('2026-11-24T13:05:00.000Z'))
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(when('2026-11-24T13:05:00.000Z')).toContain(expected);
    expect(when('2026-11-24T13:05:00.000Z')).toMatch(/2026/);
  });

  it('shows the status read live, with what needs action first: a database past 8 GB, drains 10 minutes behind', async () => {
    const status = (overrides: Partial<PlatformStatus> = {}): PlatformStatus => ({
      checked_at: '2026-11-27T09:30:00.000Z',
      databases: [
        { binding: 'DB', size_bytes: 52_400_000, migration: '0016_theme_background.sql', needs_action: false },
        { binding: 'COUNTS_0', size_bytes: 8_400_000_000, migration: '0003_months.sql', needs_action: true },
      ],
      buffer: {
        keys: 40,
        events: 52,
        more: false,
        shards: 7,
        oldest_at: '2026-11-27T09:10:00.000Z',
        lag_seconds: 1200,
        needs_action: true,
      },
      queue: { messages: 3, oldest_at: '2026-11-27T09:29:00.000Z' },
      thresholds: { database_bytes: 8_000_000_000, lag_seconds: 600 },
      ...overrides,
    });
    let reads = 0;
    server.use(
      adminAccountsAre(() => ({ accounts: [] })),
      adminStatusIs(() =>
        ++reads === 1
          ? status()
          : status({
              databases: [{ binding: 'DB', size_bytes: 900_000, migration: null, needs_action: false }],
              buffer: { ...status().buffer, events: 0, keys: 0, shards: 0, lag_seconds: null, needs_action: false },
              queue: null,
            }),
      ),
    );
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Status' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Needs action')).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      "COUNTS_0 holds 8.40 GB, past 8.00 GB of D1's 10 GB: add a counting database for new cards before it fills",
    );
    expect(alert).toHaveTextContent('Views and clicks have waited 20 minutes to be counted');
    expect(screen.getByRole('row', { name: 'DB 52.4 MB 0016_theme_background.sql' })).toBeInTheDocument();
    expect(screen.getByText('52 events in 7 shards; the oldest waited 20 minutes.')).toBeInTheDocument();
    expect(screen.getByText('Drain queue: 3 messages waiting.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Read again' }));
    expect(await screen.findByText('Nothing needs action.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('row', { name: 'DB 900 kB none' })).toBeInTheDocument();
    expect(screen.getByText('None: the buffer is empty.')).toBeInTheDocument();
    expect(screen.getByText(/backlog cannot be read here/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/v1/admin/status')).toHaveLength(2);
  });

  it('lists the cards’ domains with card, owner, state and date, and removes one with a reason', async () => {
    let domains: AdminDomain[] = [
      {
        id: '5b0c8f3e-1d2a-4c6b-9e7f-0a1b2c3d4e5f',
        hostname: 'card.maya.example',
        card_id: 'c1',
        username: 'maya',
        account_id: 'a1',
        owner: 'maya@example.com',
        state: 'active',
        since: '2026-11-30T10:00:00.000Z',
      },
      {
        id: '6c1d9f4e-2e3b-4d7c-8f80-1b2c3d4e5f60',
        hostname: 'www.ben.example',
        card_id: 'c2',
        username: 'ben',
        account_id: 'a2',
        owner: 'ben@example.com',
        state: 'pending',
        since: '2026-12-04T10:00:00.000Z',
      },
    ];
    server.use(
      adminAccountsAre(() => ({ accounts: [] })),
      http.get('/v1/admin/domains', () => answer(adminDomainsResponse, { success: true, data: domains })),
      http.post('/v1/admin/domains/:id/remove', async ({ params, request }) => {
        const { reason } = (await request.json()) as { reason: string };
        if (!reason) return failure(422, 'Say why', { reason: ['Say why; the audit log keeps the reason'] });
        domains = domains.filter((domain) => domain.id !== params.id);
        return done('card.maya.example no longer shows its card.');
      }),
    );
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Domains' }));
    const list = await screen.findByRole('list', { name: 'Custom domains' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('card.maya.example');
    expect(rows[0]).toHaveTextContent('@maya, maya@example.com');
    expect(rows[0]).toHaveTextContent(/Active, since .*2026/);
    expect(rows[1]).toHaveTextContent('Waiting for its DNS records');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Remove card.maya.example' }));
    const dialog = await screen.findByRole('dialog', { name: "Remove card.maya.example from @maya's card?" });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason (the audit log keeps it)'), 'Phishing on this name');
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
      path: '/v1/admin/domains/5b0c8f3e-1d2a-4c6b-9e7f-0a1b2c3d4e5f/remove',
      body: { reason: 'Phishing on this name' },
    });
    await waitFor(() => expect(screen.queryByText('card.maya.example', { selector: 'p' })).not.toBeInTheDocument());
    expect(screen.getByText('www.ben.example')).toBeInTheDocument();
  });
});
