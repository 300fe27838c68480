import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api } from '../helpers';
import { createCard } from '../page-helpers';
import { stats, visitor } from '../services/events-helpers';
import { at } from './helpers';

// A card's own domain serves that card's links alone (services/card-host.ts): its clicks, its
// sensitive links' warning and Continue, its flagged links' warning. Another card's link id there
// is not found and counts nothing, so no card lends its domain to another card's destinations.

const sensitive = (token: string, id: number) =>
  api(`/v1/user/links/${id}`, { method: 'PUT', token, json: { sensitive: true } });
/** A destination listed after the link was saved (the blocklist's check, as the cron marks it). */
const flag = (id: number) => env.DB.prepare('UPDATE links SET flagged_at = ? WHERE id = ?').bind(Date.now(), id).run();

async function cardWithDomain() {
  const owner = await createCard({ links: 3 });
  const cards = await api('/v1/cards', { token: owner.token });
  const cardId = cards.body.data.cards[0].id as string;
  const host = `links.${owner.username.replace(/_/g, '-')}.localhost`;
  const added = await at(null, `/v1/cards/${cardId}/domain`, {
    method: 'POST',
    json: { hostname: host },
    token: owner.token,
  });
  expect(added.body.data.domain.state).toBe('active');
  const [plain, marked, listed] = owner.linkIds as [number, number, number];
  await sensitive(owner.token, marked);
  await flag(listed);
  return { ...owner, host, plain, marked, listed };
}

describe("a card's domain and link ids", () => {
  it("serves its own links' click, warning and Continue, and counts them", async () => {
    const card = await cardWithDomain();
    expect((await at(card.host, `/v1/link/${card.plain}/click`, { method: 'POST', headers: visitor(1) })).status).toBe(
      204,
    );
    expect((await at(card.host, `/leaving/${card.marked}`)).status).toBe(200);
    const onward = await at(card.host, `/leaving/${card.marked}/continue`, { headers: visitor(2), redirect: 'manual' });
    expect(onward.status).toBe(303);
    expect((await at(card.host, `/go/${card.listed}`)).status).toBe(200);
    expect((await stats(card.token)).link_clicks).toBe(2);
  });

  it("answers 404 for another card's links there, and counts nothing", async () => {
    const card = await cardWithDomain();
    const other = await cardWithDomain();
    for (const path of [
      `/v1/link/${other.plain}/click`,
      `/leaving/${other.marked}`,
      `/leaving/${other.marked}/continue`,
      `/go/${other.listed}`,
    ]) {
      const res = await at(card.host, path, { headers: visitor(3), redirect: 'manual' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Location'), path).toBeNull();
    }
    expect((await stats(other.token)).link_clicks).toBe(0);
    // On the deployment's own host every card's links are as before.
    expect((await at(null, `/leaving/${other.marked}`)).status).toBe(200);
    expect((await at(null, `/go/${other.listed}`)).status).toBe(200);
  });
});
