import { and, count, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { OrgAnalytics, OrgContact, OrgContacts } from '@shared/schemas/org-data';
import type { StatsRange } from '@shared/constants';
import { cards, contacts, users } from '../../db/schema';
import type { Bindings, Db } from '../../env';
import { auditEntry, orgOfMemberOrThrow, type OrgRow } from './access';
import { parts } from './parts';

// An organisation's contacts and analytics (docs/product.md, Organisations). A work card's
// contacts name the card (`contacts.card_id`) and follow it when its member leaves or it is
// reassigned, so "the organisation's contacts" is a join on `cards.org_id`: the owner and admins
// read every work card's, a member only those of the cards they hold now.

/** The most a list answers, as the personal contacts' list; search narrows it down. */
const LIST_MAX = 500;
const DAY_MS = 86_400_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Who may read what: the organisation, and the cards the account's role lets it read. */
async function readerOf(db: Db, orgId: string, accountId: string) {
  const { org, role } = await orgOfMemberOrThrow(db, orgId, accountId);
  const all = role !== 'member';
  const scope = all ? eq(cards.orgId, org.id) : and(eq(cards.orgId, org.id), eq(cards.userId, accountId));
  return { org, all, scope: scope! };
}

const memberOf = (org: OrgRow, holderId: string, email: string | null) =>
  holderId === org.holderId || email === null ? null : { id: holderId, email };

const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  company: contacts.company,
  note: contacts.note,
  createdAt: contacts.createdAt,
  // Aliased: a batch's rows are read by column name, and the contact's own id, name and e-mail
  // would otherwise be overwritten by the card's and the account's.
  cardId: sql<string>`${cards.id}`.as('card_id_'),
  username: sql<string>`${cards.username}`.as('card_username_'),
  cardName: sql<string>`${cards.name}`.as('card_name_'),
  holderId: sql<string>`${cards.userId}`.as('holder_id_'),
  holderEmail: sql<string | null>`${users.email}`.as('holder_email_'),
};
type ContactJoin = {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  note: string;
  createdAt: number;
  cardId: string;
  username: string;
  cardName: string;
  holderId: string;
  holderEmail: string | null;
};

const serialize = (org: OrgRow, row: ContactJoin): OrgContact => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  note: row.note,
  created_at: new Date(row.createdAt).toISOString(),
  card: { id: row.cardId, username: row.username, name: row.cardName },
  member: memberOf(org, row.holderId, row.holderEmail),
});

const joined = (db: Db) =>
  db
    .select(contactColumns)
    .from(contacts)
    .innerJoin(cards, eq(cards.id, contacts.cardId))
    .leftJoin(users, eq(users.id, cards.userId));

/** GET /v1/orgs/{orgId}/contacts: newest first, optionally one card's and matching `q` in any field. */
export async function listOrgContacts(
  db: Db,
  orgId: string,
  accountId: string,
  query: { q: string; card?: string | undefined },
): Promise<OrgContacts> {
  const { org, all, scope } = await readerOf(db, orgId, accountId);
  const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
  const like = (column: SQLiteColumn) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
  const match = query.q
    ? or(like(contacts.name), like(contacts.email), like(contacts.phone), like(contacts.company), like(contacts.note))
    : undefined;
  const oneCard = query.card === undefined ? undefined : eq(cards.id, query.card);
  const [rows, total] = await db.batch([
    joined(db)
      .where(and(scope, oneCard, match))
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(LIST_MAX),
    db.select({ n: count() }).from(contacts).innerJoin(cards, eq(cards.id, contacts.cardId)).where(and(scope, oneCard)),
  ]);
  return { contacts: rows.map((row) => serialize(org, row)), total: total[0]?.n ?? 0, scope: all ? 'all' : 'own' };
}

/**
 * Every contact the account may read, oldest first, for an export; its audit line is written in
 * the same batch as the read, so an export and its record are never apart.
 */
export async function exportOrgContacts(db: Db, orgId: string, accountId: string, format: 'csv' | 'vcf') {
  const { org, all, scope } = await readerOf(db, orgId, accountId);
  const [rows] = await db.batch([
    joined(db).where(scope).orderBy(contacts.createdAt, contacts.id),
    auditEntry(db, {
      orgId: org.id,
      actorId: accountId,
      action: 'contacts.exported',
      detail: { format, scope: all ? 'all' : 'own' },
    }),
  ]);
  return rows.map((row) => ({ ...row, holder: memberOf(org, row.holderId, row.holderEmail) }));
}

type Figures = {
  views: number;
  unique_visitors: number;
  link_clicks: number;
  contact_saves: number;
  contacts: number;
};
const zero = (): Figures => ({ views: 0, unique_visitors: 0, link_clicks: 0, contact_saves: 0, contacts: 0 });

/**
 * GET /v1/orgs/{orgId}/analytics: each work card's figures (saves of the contact among them) over
 * `range`, from the rollups only, in a number of queries that does not grow with the cards: the
 * cards' ids, then at once one batch in the accounts database (the cards, and their contacts per
 * card with GROUP BY) and one query per counting database that holds any of them, naming its
 * cards in one JSON parameter. A bounded range reads whole weeks from the weekly sums and only
 * its first few days from the days (docs/decisions/0108-weekly-sums.md), and no daily series:
 * summing a thousand cards' every day made the answer over twice one card's statistics, the
 * most it may take (npm run bench). Events still buffered (a few minutes') are not in
 * the rollups yet, so they show here once drained, while the card's own statistics show them at
 * once. Owners and admins only.
 */
export async function orgAnalytics(
  env: Bindings,
  db: Db,
  orgId: string,
  accountId: string,
  range: StatsRange,
  now = Date.now(),
): Promise<OrgAnalytics> {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const since = range === 'all' ? null : Math.floor(now / DAY_MS) - Number(range) + 1;

  // The cards' ids and shards first (a small read), so the counting databases are asked at the
  // same time as the accounts database for the cards' details and contacts.
  const located = await db
    .select({ id: cards.id, shard: cards.countShard })
    .from(cards)
    .where(eq(cards.orgId, org.id))
    .all();
  const shards = new Map<number, string[]>();
  for (const row of located) shards.set(row.shard, [...(shards.get(row.shard) ?? []), row.id]);

  type Sums = { card_id: string; views: number; clicks: number; visitors: number; saves: number };
  const [[cardRows, contactRows], counted] = await Promise.all([
    db.batch([
      db
        .select({
          id: cards.id,
          username: cards.username,
          name: cards.name,
          userId: cards.userId,
          pausedAt: cards.pausedAt,
          email: sql<string | null>`${users.email}`.as('holder_email_'),
        })
        .from(cards)
        .leftJoin(users, eq(users.id, cards.userId))
        .where(eq(cards.orgId, org.id)),
      db
        .select({ cardId: contacts.cardId, n: count() })
        .from(contacts)
        .innerJoin(cards, eq(cards.id, contacts.cardId))
        .where(and(eq(cards.orgId, org.id), gte(contacts.createdAt, (since ?? 0) * DAY_MS)))
        .groupBy(contacts.cardId),
    ]),
    Promise.all(
      [...shards].map(([shard, ids]) => shardDb(env, shard).all<Sums>(rangeSums(JSON.stringify(ids), since))),
    ),
  ]);

  const byCard = new Map(cardRows.map((row) => [row.id, zero()]));
  for (const row of contactRows) {
    const figures = row.cardId ? byCard.get(row.cardId) : undefined;
    if (figures) figures.contacts = row.n;
  }
  for (const row of counted.flat()) {
    const figures = byCard.get(row.card_id);
    if (!figures) continue;
    figures.views = row.views;
    figures.link_clicks = row.clicks;
    figures.unique_visitors = row.visitors;
    figures.contact_saves = row.saves;
  }

  const total = { cards: cardRows.length, ...zero() };
  const rows = cardRows.map((row) => {
    const figures = byCard.get(row.id) ?? zero();
    total.views += figures.views;
    total.unique_visitors += figures.unique_visitors;
    total.link_clicks += figures.link_clicks;
    total.contact_saves += figures.contact_saves;
    total.contacts += figures.contacts;
    return {
      card: { id: row.id, username: row.username, name: row.name },
      member: memberOf(org, row.userId, row.email),
      state:
        row.userId !== org.holderId ? ('held' as const) : row.pausedAt ? ('paused' as const) : ('invited' as const),
      ...figures,
    };
  });
  rows.sort(
    (a, b) => b.views - a.views || b.link_clicks - a.link_clicks || a.card.username.localeCompare(b.card.username),
  );
  return { range, total, cards: rows };
}

/** Days since 1970-01-01 per week of the weekly sums (services/events/weekly-sql.ts). */
const DAYS_PER_WEEK = 7;

/**
 * Each of `ids`' figures from `since` on: for a bounded range (within the weeks kept) the whole
 * weeks from the weekly sums and the days before the first of them from the daily rollups
 * (docs/decisions/0108-weekly-sums.md); for all time (`since` null) every daily row, compacted
 * months included. The tables by name (db/counts-schema.ts, db/schema/events.ts): their schema
 * modules belong to the Worker's start, and importing them here would split them out of the
 * start (parts.ts says why). `ids` is a JSON array: a thousand would pass D1's limit on bound
 * parameters.
 */
function rangeSums(ids: string, since: number | null) {
  const cards = sql`user_id IN (SELECT value FROM json_each(${ids}))`;
  const sums = sql`user_id AS card_id, sum(views) AS views, sum(clicks) AS clicks, sum(visitors) AS visitors, sum(saves) AS saves`;
  if (since === null) return sql`SELECT ${sums} FROM daily_stats WHERE ${cards} GROUP BY user_id`;
  // The first week wholly on or after `since`.
  const week = Math.ceil(since / DAYS_PER_WEEK);
  return sql`SELECT ${sums} FROM (
      SELECT user_id, views, clicks, visitors, saves FROM weekly_stats WHERE week >= ${week} AND ${cards}
      UNION ALL
      SELECT user_id, views, clicks, visitors, saves FROM daily_stats
        WHERE day >= ${since} AND day < ${week * DAYS_PER_WEEK} AND ${cards}
    ) WHERE true GROUP BY user_id`;
}

/** The counting database of a shard (services/events/counts.ts's, handed in). */
const shardDb = (env: Bindings, shard: number) => parts().shardDb(env, shard);

/** Writes the audit line of an analytics export; the export itself is the answer's CSV. */
export const auditAnalyticsExport = (db: Db, orgId: string, accountId: string, range: StatsRange) =>
  auditEntry(db, { orgId, actorId: accountId, action: 'analytics.exported', detail: { range } });
