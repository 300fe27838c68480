import type { McpToolInput, McpToolName } from '@shared/contract/mcp';
import type { WebhookEvent } from '@shared/schemas/webhooks';
import type { Bindings, Db, TokenGrant } from '../../env';
import { notFound } from '../../lib/errors';
import type { LinkRow } from '../../services/links';
import type { WorkerParts } from '../mcp';

/** What every tool acts with: the token's grant and what a /v1 route reads from its request. */
export type ToolContext = {
  db: Db;
  env: Bindings;
  grant: TokenGrant;
  /** This deployment's origin, for public addresses. */
  origin: string;
  /** Every host name of the deployment (lib/config.ts, siteHosts), for the link icon rule. */
  hosts: string[];
  /** The services the /v1 routes call (routes/mcp.ts). */
  parts: WorkerParts;
};

/**
 * The card a tool acts on: the one named, if the account holds it and the token may act on it,
 * else 404 "Card not found" (a card outside a card-limited token is as unknown to it as another
 * account's); left out, the primary card, or the first of the token's cards when it is limited to
 * others. The /v1 routes answer 403 for a card the token was not given; a tool cannot be asked for
 * one it has not been shown by list_cards, so "not found" says all there is.
 */
async function chooseCard({ db, grant, parts }: ToolContext, named: string | undefined) {
  const { cardOfAccountOrThrow, primaryCardId, CARD_NOT_FOUND } = parts;
  const limited = grant.cardIds;
  if (named !== undefined) {
    if (limited && !limited.includes(named)) throw notFound(CARD_NOT_FOUND);
    return (await cardOfAccountOrThrow(db, grant.userId, named)).id;
  }
  const primary = await primaryCardId(db, grant.userId);
  if (!limited || limited.includes(primary)) return primary;
  const first = limited[0];
  if (first === undefined) throw notFound(CARD_NOT_FOUND);
  return (await cardOfAccountOrThrow(db, grant.userId, first)).id;
}

/** A link as a tool shows it: what an assistant needs to talk about it and change it. */
const shortLink = (link: LinkRow) => ({
  id: link.id,
  title: link.title,
  url: link.url,
  visible: link.isActive,
  clicks: link.clicks,
});

/** The account's webhooks hear of the change, as when it is made in the dashboard (decision 0098). */
const tell = (context: ToolContext, cardId: string, type: WebhookEvent, data: Record<string, unknown>) =>
  context.parts.emitWebhookEvent(context.env, context.db, { userId: context.grant.userId, cardId, type, data });

async function cardLinks(context: ToolContext, cardId: string, rows?: LinkRow[]) {
  const list = rows ?? (await context.parts.listLinks(context.db, cardId));
  return (await context.parts.withClicks(context.env, context.db, cardId, list)).map(shortLink);
}

async function profileOf(context: ToolContext, cardId: string) {
  const user = await context.parts.getUserView(context.db, context.origin, context.grant.userId, context.env, cardId);
  return {
    card_id: cardId,
    url: `${context.origin}/p/${user.username}`,
    username: user.username,
    name: user.name,
    bio: user.bio,
    job_title: user.job_title,
    company: user.company,
    phone: user.phone,
    public_email: user.public_email,
    location: user.location,
    pronouns: user.pronouns,
    language: user.language,
    is_active: user.is_active,
    contact_exchange: user.contact_exchange,
  };
}

/** The top entries of a breakdown, as `name: views/clicks`, so a long tail stays out of the answer. */
const top = (rows: { name: string; views: number; clicks: number }[]) =>
  rows.slice(0, 5).map((row) => ({ name: row.name, views: row.views, clicks: row.clicks }));

type Handlers = { [N in McpToolName]: (input: McpToolInput<N>, context: ToolContext) => Promise<unknown> };

/**
 * Each tool calls the services its /v1 route calls, with the input its route's schema parsed:
 * the same rules, bounds and checks, and nothing the route would not do.
 */
export const TOOL_HANDLERS: Handlers = {
  async list_cards(_input, { db, grant, origin, parts: { listCards, serializeCard } }) {
    const rows = (await listCards(db, grant.userId)).filter((row) => !grant.cardIds || grant.cardIds.includes(row.id));
    return {
      cards: rows.map((row) => {
        const card = serializeCard(origin, row);
        return { id: card.id, username: card.username, name: card.name, url: card.url, is_primary: card.is_primary };
      }),
    };
  },
  async get_card(input, context) {
    const cardId = await chooseCard(context, input.card_id);
    const [profile, links] = await Promise.all([profileOf(context, cardId), cardLinks(context, cardId)]);
    return { ...profile, links };
  },
  async update_profile({ card_id, ...body }, context) {
    const cardId = await chooseCard(context, card_id);
    await context.parts.updateProfile(context.db, context.env, cardId, body, null);
    const fields = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
    await tell(context, cardId, 'card.updated', { fields });
    return { message: 'Profile updated', profile: await profileOf(context, cardId) };
  },
  async add_link({ card_id, ...body }, context) {
    const cardId = await chooseCard(context, card_id);
    await context.parts.refuseUnsafeLink(context.db, context.hosts, body);
    const link = await context.parts.createLink(context.db, cardId, body);
    await tell(context, cardId, 'link.created', { link: context.parts.serializeLink(link) });
    return { message: 'Link added', link: shortLink(link) };
  },
  async edit_link({ card_id, link_id, ...body }, context) {
    const cardId = await chooseCard(context, card_id);
    await context.parts.refuseUnsafeLink(context.db, context.hosts, body);
    const link = await context.parts.updateLink(context.db, cardId, link_id, body);
    await tell(context, cardId, 'link.updated', { link: context.parts.serializeLink(link) });
    const [shown] = await cardLinks(context, cardId, [link]);
    return { message: 'Link updated', link: shown };
  },
  async hide_link({ card_id, link_id, hidden }, context) {
    const cardId = await chooseCard(context, card_id);
    const link = await context.parts.updateLink(context.db, cardId, link_id, {
      is_active: !hidden,
      highlight: undefined,
      sensitive: undefined,
    });
    await tell(context, cardId, 'link.updated', { link: context.parts.serializeLink(link) });
    const [shown] = await cardLinks(context, cardId, [link]);
    return { message: hidden ? 'Link hidden' : 'Link shown', link: shown };
  },
  async reorder_links({ card_id, ids }, context) {
    const cardId = await chooseCard(context, card_id);
    const rows = await context.parts.reorderLinks(context.db, cardId, ids);
    return { message: 'Links reordered', links: await cardLinks(context, cardId, rows) };
  },
  async get_stats({ card_id, range }, context) {
    const cardId = await chooseCard(context, card_id);
    const counts = await context.parts.cardCounts(context.env, context.db, cardId);
    const stats = await context.parts.getStats(context.db, counts, context.env.EVENTS, cardId, Date.now(), range);
    return {
      range: range === 'all' ? 'all time' : `last ${range} days`,
      profile_views: stats.profile_views,
      unique_visitors: stats.unique_visitors,
      link_clicks: stats.link_clicks,
      conversion_rate: stats.conversion_rate,
      contacts_submitted: stats.contacts_submitted,
      last_viewed_at: stats.last_viewed_at,
      links: stats.links.map((link) => ({ id: link.id, title: link.title, clicks: link.clicks })),
      referrers: top(stats.referrers),
      countries: top(stats.countries),
      devices: top(stats.devices),
      channels: top(stats.channels),
      // Day by day only where it stays short: 90 days or all time would drown the rest.
      ...(range === '7' || range === '30'
        ? { daily: stats.daily.map((day) => ({ date: day.date, views: day.views, clicks: day.clicks })) }
        : {}),
    };
  },
  async list_contacts({ card_id, q, limit }, context) {
    const cardId = await chooseCard(context, card_id);
    const found = await context.parts.listContacts(context.db, cardId, q);
    const shown = found.contacts.slice(0, limit);
    return {
      total: found.total,
      shown: shown.length,
      contacts: shown.map(({ id: _id, ...contact }) => contact),
    };
  },
};
