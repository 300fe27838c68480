import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { HEADER_DISPLAY_MESSAGE, HEADER_URL_MESSAGE, PLAYER_MESSAGE } from '@shared/link-display';
import { SCHEDULE_ORDER_MESSAGE } from '@shared/link-schedule';
import { LINKS_PER_USER_MAX } from '@shared/constants';
import { playerOf } from '@shared/players';
import { LINK_ORDER_MESSAGE, type Link, type LinkBody, type LinkUpdateBody } from '@shared/schemas/links';
import { links } from '../db/schema';
import type { Db } from '../env';
import { AppError, invalid, notFound } from '../lib/errors';
import { accountOf } from './card-owner';
import { checkWorkCardChange } from './work-card-rules';
import { thumbnailUrl } from './link-preview/thumbnail-url';

export type LinkRow = typeof links.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

/** A link as its owner sees it; `origin` makes its thumbnail's address. */
export const serializeLink =
  (origin: string) =>
  (link: LinkRow): Link => ({
    id: link.id,
    title: link.title,
    url: link.url,
    icon: link.icon,
    display_order: link.displayOrder,
    is_active: link.isActive,
    kind: link.kind,
    display: link.display,
    starts_at: link.startsAt == null ? null : iso(link.startsAt),
    ends_at: link.endsAt == null ? null : iso(link.endsAt),
    highlight: link.highlight,
    sensitive: link.sensitive,
    clicks: link.clicks,
    thumbnail_url: thumbnailUrl(origin, link.thumbnailKey),
    ...(link.orgLink !== null ? { org_required: true as const } : {}),
    created_at: iso(link.createdAt),
    updated_at: iso(link.updatedAt),
  });

export const LINK_NOT_FOUND = 'Link not found';
export const TOO_MANY_LINKS = `You can have at most ${LINKS_PER_USER_MAX} links`;

/** The user's links in the order the card shows them. */
export const listLinks = (db: Db, cardId: string) =>
  db.select().from(links).where(eq(links.cardId, cardId)).orderBy(asc(links.displayOrder), asc(links.id)).all();

/** A link of this user; someone else's answers 404 exactly like a missing one. */
export async function getLinkOrThrow(db: Db, cardId: string, linkId: number) {
  const link = await db
    .select()
    .from(links)
    .where(and(eq(links.id, linkId), eq(links.cardId, cardId)))
    .get();
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}

/**
 * Adds a link at the end unless an order is given. The bound is checked inside the insert
 * itself, so parallel requests cannot push a user past it.
 */
export async function createLink(db: Db, cardId: string, body: LinkBody, thumbnailKey: string | null = null) {
  await checkWorkCardChange(db, cardId, { links: true });
  const now = Date.now();
  const userLinks = sql`(SELECT count(*) FROM ${links} WHERE ${links.cardId} = ${cardId})`;
  const order = body.display_order !== undefined ? sql`${body.display_order}` : userLinks;
  const header = body.kind === 'header';
  // A header has no URL (the body's rule refuses one); a link always has one.
  const url = header ? '' : (body.url ?? '');
  if (!header && body.display === 'player' && !playerOf(url)) throw invalid({ display: [PLAYER_MESSAGE] });
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO ${links} (user_id, card_id, title, url, icon, display_order, is_active, kind, display, starts_at, ends_at,
      highlight, sensitive, thumbnail_key, created_at, updated_at)
    SELECT ${accountOf(cardId)}, ${cardId}, ${body.title}, ${url}, ${header ? '' : body.icon}, ${order}, ${body.is_active ? 1 : 0},
      ${body.kind}, ${header ? 'button' : body.display}, ${body.starts_at ?? null}, ${body.ends_at ?? null}, 0, ${body.sensitive ? 1 : 0},
      ${header ? null : thumbnailKey}, ${now}, ${now}
    WHERE ${userLinks} < ${LINKS_PER_USER_MAX}
    RETURNING id`);
  const id = inserted[0]?.id;
  if (id === undefined) throw new AppError(422, TOO_MANY_LINKS, { _: [TOO_MANY_LINKS] });
  if (body.highlight) await highlightOnly(db, cardId, id);
  return getLinkOrThrow(db, cardId, id);
}

/**
 * One highlighted link per card (decision 0101): highlighting one takes the mark off the other in
 * the same batch, so the owner never has to find and clear the old one first, and two requests
 * at once still leave one.
 */
async function highlightOnly(db: Db, cardId: string, linkId: number) {
  const now = Date.now();
  await db.batch([
    db
      .update(links)
      .set({ highlight: false, updatedAt: now })
      .where(and(eq(links.cardId, cardId), ne(links.id, linkId), eq(links.highlight, true))),
    db
      .update(links)
      .set({ highlight: true, updatedAt: now })
      .where(and(eq(links.id, linkId), eq(links.cardId, cardId))),
  ]);
}

/**
 * A link the organisation's template makes every card carry is the organisation's: the member can
 * neither change nor remove it (docs/decisions/0105-org-templates.md).
 */
async function refuseRequired(link: LinkRow) {
  if (link.orgLink !== null) (await import('./orgs/rules')).refuseRequiredLink();
}

/** What a change may not do to the link as stored: a URL or a button's look on a header, an end before the start. */
function refuseChange(link: LinkRow, body: LinkUpdateBody) {
  if (link.kind === 'header') {
    if (body.url !== undefined) throw invalid({ url: [HEADER_URL_MESSAGE] });
    if (
      (body.display !== undefined && body.display !== 'button') ||
      body.highlight ||
      body.sensitive ||
      body.thumbnail_url
    )
      throw invalid({ kind: [HEADER_DISPLAY_MESSAGE] });
  }
  if ((body.display ?? link.display) === 'player' && !playerOf(body.url ?? link.url))
    throw invalid({ display: [PLAYER_MESSAGE] });
  const startsAt = body.starts_at !== undefined ? body.starts_at : link.startsAt;
  const endsAt = body.ends_at !== undefined ? body.ends_at : link.endsAt;
  if (startsAt != null && endsAt != null && endsAt <= startsAt) throw invalid({ ends_at: [SCHEDULE_ORDER_MESSAGE] });
}

/** `thumbnailKey` undefined keeps the link's thumbnail (services/link-preview/save.ts decides). */
export async function updateLink(
  db: Db,
  cardId: string,
  linkId: number,
  body: LinkUpdateBody,
  thumbnailKey?: string | null,
) {
  const stored = await getLinkOrThrow(db, cardId, linkId);
  await refuseRequired(stored);
  await checkWorkCardChange(db, cardId, { links: body.is_active === false ? { leaving: linkId } : true });
  refuseChange(stored, body);
  const changes = {
    ...(body.title !== undefined ? { title: body.title } : {}),
    // A new destination is checked again on save (routes/links.ts); a flag of the old one goes.
    ...(body.url !== undefined ? { url: body.url, flaggedAt: null, flaggedBy: null } : {}),
    ...(body.icon !== undefined ? { icon: body.icon } : {}),
    ...(body.display_order !== undefined ? { displayOrder: body.display_order } : {}),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
    ...(body.display !== undefined ? { display: body.display } : {}),
    ...(body.starts_at !== undefined ? { startsAt: body.starts_at } : {}),
    ...(body.ends_at !== undefined ? { endsAt: body.ends_at } : {}),
    ...(body.highlight === false ? { highlight: false } : {}),
    ...(body.sensitive !== undefined ? { sensitive: body.sensitive } : {}),
    ...(thumbnailKey !== undefined ? { thumbnailKey } : {}),
  };
  const link = await db
    .update(links)
    .set({ ...changes, updatedAt: Date.now() })
    .where(and(eq(links.id, linkId), eq(links.cardId, cardId)))
    .returning()
    .get();
  if (!link) throw notFound(LINK_NOT_FOUND);
  if (body.highlight) {
    await highlightOnly(db, cardId, linkId);
    return getLinkOrThrow(db, cardId, linkId);
  }
  return link;
}

/** How long 'Undo' in the 'Link deleted' toast can bring a link back (docs/product.md §4). */
export const UNDO_SECONDS = 10 * 60;
/** Where a deleted link waits for its undo; the account's deletion clears the prefix. */
export const undoPrefix = (cardId: string) => `undo/link/${cardId}/`;

/** Deletes the link and keeps it, as it was, for `UNDO_SECONDS` so 'Undo' can bring it back. */
export async function deleteLink(db: Db, kv: KVNamespace, cardId: string, linkId: number) {
  await checkWorkCardChange(db, cardId, { links: { leaving: linkId } });
  const [deleted] = await db
    .delete(links)
    .where(and(eq(links.id, linkId), eq(links.cardId, cardId), isNull(links.orgLink)))
    .returning();
  if (!deleted) {
    await refuseRequired(await getLinkOrThrow(db, cardId, linkId));
    throw notFound(LINK_NOT_FOUND);
  }
  await kv.put(`${undoPrefix(cardId)}${deleted.id}`, JSON.stringify(deleted), { expirationTtl: UNDO_SECONDS });
}

/**
 * 'Undo': the deleted link comes back as it was, under its own id, so its clicks and its place
 * in the statistics carry on; its kind, display, schedule and warning too, but not a highlight,
 * which another link may hold by now (one per card). Only its owner, only within `UNDO_SECONDS`; a second Undo changes
 * nothing. The limit of links is checked inside the insert, as for a new link.
 */
export async function restoreLink(db: Db, kv: KVNamespace, cardId: string, linkId: number) {
  await checkWorkCardChange(db, cardId, { links: true });
  const key = `${undoPrefix(cardId)}${linkId}`;
  const saved = await kv.get<LinkRow>(key, 'json');
  // A copy saved by the release before cards has no card id: its card was the account's first, under the account's id.
  if (!saved || (saved.cardId ?? saved.userId) !== cardId || saved.id !== linkId) throw notFound(LINK_NOT_FOUND);
  const userLinks = sql`(SELECT count(*) FROM ${links} WHERE ${links.cardId} = ${cardId})`;
  const restored = await db.all<{ id: number }>(sql`
    INSERT INTO ${links} (id, user_id, card_id, title, url, icon, display_order, is_active, clicks, flagged_at, flagged_by,
      kind, display, starts_at, ends_at, sensitive, thumbnail_key, created_at, updated_at)
    SELECT ${saved.id}, ${accountOf(cardId)}, ${cardId}, ${saved.title}, ${saved.url}, ${saved.icon}, ${saved.displayOrder},
      ${saved.isActive ? 1 : 0}, ${saved.clicks}, ${saved.flaggedAt}, ${saved.flaggedBy},
      ${saved.kind ?? 'link'}, ${saved.display ?? 'button'}, ${saved.startsAt ?? null}, ${saved.endsAt ?? null},
      ${saved.sensitive ? 1 : 0}, ${saved.thumbnailKey ?? null}, ${saved.createdAt}, ${Date.now()}
    WHERE ${userLinks} < ${LINKS_PER_USER_MAX}
      AND NOT EXISTS (SELECT 1 FROM ${links} WHERE ${links.id} = ${saved.id})
    RETURNING id`);
  if (restored.length === 0) {
    // Already back (a second Undo): the link as it is.
    const existing = await db.select().from(links).where(eq(links.id, saved.id)).get();
    if (existing && existing.cardId === cardId) return existing;
    throw new AppError(422, TOO_MANY_LINKS, { _: [TOO_MANY_LINKS] });
  }
  // The saved copy stays until it expires, so a repeated Undo answers the link without a change.
  return getLinkOrThrow(db, cardId, saved.id);
}

/**
 * Puts the owner's links in the given order (display_order 0, 1, 2...). The ids must be exactly
 * the owner's links, each once: anything else (another user's id, a missing or repeated one) is
 * refused and nothing changes. Answers the links in their new order.
 */
export async function reorderLinks(db: Db, cardId: string, ids: number[]) {
  await checkWorkCardChange(db, cardId, { links: true });
  const current = await listLinks(db, cardId);
  const owned = new Set(current.map((link) => link.id));
  if (ids.length !== owned.size || ids.some((id) => !owned.has(id))) throw invalid({ ids: [LINK_ORDER_MESSAGE] });
  const now = Date.now();
  const [first, ...rest] = ids.map((id, order) =>
    db
      .update(links)
      .set({ displayOrder: order, updatedAt: now })
      // An organisation's required link keeps its place before the member's own.
      .where(and(eq(links.id, id), eq(links.cardId, cardId), isNull(links.orgLink))),
  );
  if (first) await db.batch([first, ...rest]);
  return listLinks(db, cardId);
}
