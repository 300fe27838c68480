import { parse } from 'csv-parse/sync';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { orgAnalyticsSchema } from '@shared/schemas/org-data';
import { sql } from 'drizzle-orm';
import { createDb } from '../../../worker/db/client';
import { countDatabase } from '../../../worker/lib/count-shards';
import { weeklySums } from '../../../worker/services/events/weekly-sql';
import { api, registerUser } from '../helpers';
import { page } from '../page-helpers';
import { flushAll, view, visitor } from '../services/events-helpers';
import { joinAs, newOrg } from './org-helpers';

// An organisation's analytics (docs/product.md, Organisations): each work card's views, unique
// visitors, link clicks, saves of the contact and contacts over a card's statistics' periods,
// from the daily rollups.

const DAY_MS = 86_400_000;
const today = () => Math.floor(Date.now() / DAY_MS);

/** Rollup rows as the drain writes them, in the card's own counting database, with their week summed again. */
async function seedDay(
  cardId: string,
  daysAgo: number,
  figures: { views: number; clicks: number; visitors: number; saves?: number },
) {
  const row = await env.DB.prepare('SELECT count_shard AS shard FROM cards WHERE id = ?')
    .bind(cardId)
    .first<{ shard: number }>();
  await countDatabase(env, row!.shard)
    .prepare(
      `INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, saves) VALUES (?, ?, ?, ?, ?, 0, ?)
       ON CONFLICT (user_id, day) DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
       visitors = visitors + excluded.visitors, saves = saves + excluded.saves`,
    )
    .bind(cardId, today() - daysAgo, figures.views, figures.clicks, figures.visitors, figures.saves ?? 0)
    .run();
  await createDb(countDatabase(env, row!.shard)).run(
    weeklySums(sql`SELECT ${cardId} AS user_id, ${today() - daysAgo} AS day`),
  );
}

async function seedContact(cardId: string, holderId: string, daysAgo: number) {
  await env.DB.prepare(
    `INSERT INTO contacts (id, user_id, card_id, name, email, visitor, created_at) VALUES (?, ?, ?, 'V', 'v@example.com', 'v', ?)`,
  )
    .bind(crypto.randomUUID(), holderId, cardId, Date.now() - daysAgo * DAY_MS)
    .run();
}

const analytics = (orgId: string, token: string, range = '') =>
  api(`/v1/orgs/${orgId}/analytics${range ? `?range=${range}` : ''}`, { token });

async function seededOrg() {
  const org = await newOrg();
  const [ada, bob] = [await registerUser(), await registerUser()];
  const adaCard = await joinAs(org.id, org.owner, ada);
  const bobCard = await joinAs(org.id, org.owner, bob);
  // Ada: 10 views today, 20 forty days ago; Bob: 3 views five days ago.
  await seedDay(adaCard.id, 0, { views: 10, clicks: 4, visitors: 6, saves: 3 });
  await seedDay(adaCard.id, 40, { views: 20, clicks: 5, visitors: 9, saves: 4 });
  await seedDay(bobCard.id, 5, { views: 3, clicks: 1, visitors: 2, saves: 1 });
  await seedContact(adaCard.id, ada.id, 0);
  await seedContact(adaCard.id, ada.id, 40);
  await seedContact(bobCard.id, bob.id, 1);
  // Ada's personal card is not the organisation's: never counted.
  await seedDay(ada.id, 0, { views: 100, clicks: 100, visitors: 100, saves: 100 });
  await seedContact(ada.id, ada.id, 0);
  return { org, ada, bob, adaCard, bobCard };
}

describe('organisation analytics', { timeout: 90_000 }, () => {
  it('per work card and in total, over each period, the figures seeded in the rollups', async () => {
    const { org, ada, adaCard, bobCard } = await seededOrg();
    const all = await analytics(org.id, org.owner.token);
    expect(all.status).toBe(200);
    const data = orgAnalyticsSchema.parse(all.body.data);
    expect(data.range).toBe('all');
    expect(data.total).toEqual({
      cards: 2,
      views: 33,
      unique_visitors: 17,
      link_clicks: 10,
      contact_saves: 8,
      contacts: 3,
    });
    expect(data.cards.map((row) => row.card.id)).toEqual([adaCard.id, bobCard.id]);
    expect(data.cards[0]).toMatchObject({
      member: { id: ada.id, email: ada.email },
      state: 'held',
      views: 30,
      unique_visitors: 15,
      link_clicks: 9,
      contact_saves: 7,
      contacts: 2,
    });
    expect(data.cards[1]).toMatchObject({
      views: 3,
      unique_visitors: 2,
      link_clicks: 1,
      contact_saves: 1,
      contacts: 1,
    });

    const week = orgAnalyticsSchema.parse((await analytics(org.id, org.owner.token, '7')).body.data);
    expect(week.total).toEqual({
      cards: 2,
      views: 13,
      unique_visitors: 8,
      link_clicks: 5,
      contact_saves: 4,
      contacts: 2,
    });
    const ninety = orgAnalyticsSchema.parse((await analytics(org.id, org.owner.token, '90')).body.data);
    expect(ninety.total.views).toBe(33);
  });

  it('each period starts on its first day, whatever weekday today is: whole weeks and the days before them', async () => {
    const org = await newOrg();
    const ada = await registerUser();
    const card = await joinAs(org.id, org.owner, ada);
    // A different power of two on each day, so a sum names exactly the days it counted: the last
    // day of each period and the day before it, and days in between.
    const days = [0, 3, 6, 7, 8, 13, 14, 29, 30, 31, 60, 88, 89, 90, 120];
    for (const [i, daysAgo] of days.entries())
      await seedDay(card.id, daysAgo, { views: 2 ** i, clicks: 0, visitors: 0 });
    const viewsWithin = (range: number) => days.reduce((sum, daysAgo, i) => (daysAgo < range ? sum + 2 ** i : sum), 0);
    for (const range of [7, 30, 90]) {
      const data = orgAnalyticsSchema.parse((await analytics(org.id, org.owner.token, String(range))).body.data);
      expect(data.total.views, `range ${range}`).toBe(viewsWithin(range));
    }
    const all = orgAnalyticsSchema.parse((await analytics(org.id, org.owner.token, 'all')).body.data);
    expect(all.total.views).toBe(2 ** days.length - 1);
  });

  it('views and saves counted by the real pipeline reach the analytics once drained into the rollups', async () => {
    const org = await newOrg();
    const ada = await registerUser();
    const card = await joinAs(org.id, org.owner, ada);
    expect(await view(card.username, visitor(1))).toBe(200);
    expect(await view(card.username, visitor(2))).toBe(200);
    expect((await page(`/p/${card.username}.vcf`, { headers: visitor(2) })).status).toBe(200);
    // A crawler's download is no save.
    const bot = { 'CF-Connecting-IP': '198.51.100.7', 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' };
    expect((await page(`/p/${card.username}.vcf`, { headers: bot })).status).toBe(200);
    // Still buffered: the analytics read the rollups only.
    const before = orgAnalyticsSchema.parse((await analytics(org.id, org.owner.token, '7')).body.data);
    expect(before.total).toMatchObject({ views: 0, contact_saves: 0 });
    await flushAll();
    const data = orgAnalyticsSchema.parse((await analytics(org.id, org.owner.token, '7')).body.data);
    expect(data.total).toMatchObject({ views: 2, unique_visitors: 2, contact_saves: 1 });
    expect(data.cards[0]).toMatchObject({ views: 2, contact_saves: 1 });
    const csv = await api(`/v1/orgs/${org.id}/analytics/export.csv?range=7`, { token: org.owner.token });
    const rows = parse(csv.text, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(rows.at(-1)).toEqual(['', 'Total', '', '', '2', '2', '0', '1', '0']);
  });

  it('a paused card keeps its figures; members get 403, other organisations and outsiders 404', async () => {
    const { org, ada, bob, adaCard } = await seededOrg();
    await api(`/v1/orgs/${org.id}/members/${ada.id}`, { method: 'DELETE', token: org.owner.token });
    const data = orgAnalyticsSchema.parse((await analytics(org.id, org.owner.token)).body.data);
    expect(data.cards.find((row) => row.card.id === adaCard.id)).toMatchObject({
      member: null,
      state: 'paused',
      views: 30,
      contacts: 2,
    });

    for (const path of ['', '/export.csv']) {
      const member = await api(`/v1/orgs/${org.id}/analytics${path}`, { token: bob.token });
      expect(member.status, path).toBe(403);
      expect(member.body).toMatchObject({ message: 'Only the owner and admins of the organisation can do this' });
    }
    const other = await newOrg();
    const outsider = await registerUser();
    for (const who of [other.owner, outsider, ada]) {
      for (const path of ['', '/export.csv']) {
        const res = await api(`/v1/orgs/${org.id}/analytics${path}`, { token: who.token });
        expect(res.status).toBe(404);
        expect(res.text).not.toContain(adaCard.username);
      }
    }
    // The other organisation's own analytics hold none of these cards.
    const theirs = orgAnalyticsSchema.parse((await analytics(other.id, other.owner.token)).body.data);
    expect(theirs.total).toEqual({
      cards: 0,
      views: 0,
      unique_visitors: 0,
      link_clicks: 0,
      contact_saves: 0,
      contacts: 0,
    });
    expect(theirs.cards).toEqual([]);
  });

  it('a range outside 7, 30, 90 and all is refused with 422 and writes nothing', async () => {
    const { org } = await seededOrg();
    for (const range of ['14', 'x', '7&range=30']) {
      const res = await api(`/v1/orgs/${org.id}/analytics?range=${range}`, { token: org.owner.token });
      expect(res.status, range).toBe(422);
      expect(JSON.stringify(res.body)).toContain('The range must be 7, 30, 90 or all');
      const csv = await api(`/v1/orgs/${org.id}/analytics/export.csv?range=${range}`, { token: org.owner.token });
      expect(csv.status).toBe(422);
    }
    const lines = await env.DB.prepare(
      "SELECT count(*) AS n FROM org_audit WHERE org_id = ? AND action = 'analytics.exported'",
    )
      .bind(org.id)
      .first<{ n: number }>();
    expect(lines?.n).toBe(0);
  });

  it('the CSV export parses: one row per work card and the total; its audit line names the period', async () => {
    const { org, ada, adaCard, bobCard } = await seededOrg();
    const res = await api(`/v1/orgs/${org.id}/analytics/export.csv?range=7`, { token: org.owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('organisation-analytics-7.csv');
    const rows = parse(res.text, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(rows).toEqual([
      [
        'Card',
        'Name',
        'Member',
        'State',
        'Views',
        'Unique visitors',
        'Link clicks',
        'Saves of the contact',
        'Contacts',
      ],
      [adaCard.username, expect.any(String), ada.email, 'held', '10', '6', '4', '3', '1'],
      [bobCard.username, expect.any(String), expect.any(String), 'held', '3', '2', '1', '1', '1'],
      ['', 'Total', '', '', '13', '8', '5', '4', '2'],
    ]);
    const audit = await api(`/v1/orgs/${org.id}/audit`, { token: org.owner.token });
    expect(audit.body.data[0]).toMatchObject({ action: 'analytics.exported', actor_id: org.owner.id });
    expect(audit.body.data[0].detail).toEqual({ range: '7' });
  });
});
