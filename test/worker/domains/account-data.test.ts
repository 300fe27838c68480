import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { customHostnames } from '../../../worker/db/schema/domains';
import { customDomains } from '../../../worker/lib/config';
import { outboxMailer } from '../../../worker/services/dev-outbox';
import { checkDomains } from '../../../worker/services/domain-checks';
import { registerUser, toRequest } from '../helpers';
import { at, cloudflareSays, unique, withCloudflare } from './helpers';

// A card's own domain in the owner's data (docs/decisions/0103-custom-domains.md): the export
// holds it, and deleting the account stops serving it at once and deletes it at Cloudflare.

const db = () => createDb(env.DB);
const rowOf = (hostname: string) =>
  db().select().from(customHostnames).where(eq(customHostnames.hostname, hostname)).get();
const cron = (now: number) => checkDomains(db(), customDomains(withCloudflare), outboxMailer(db()), now);

async function owner() {
  const user = await registerUser();
  const cards = await at(null, '/v1/cards', { token: user.token });
  return { ...user, cardId: cards.body.data.cards[0].id as string };
}
const addDomain = (user: { token: string; cardId: string }, hostname: string) =>
  at(null, `/v1/cards/${user.cardId}/domain`, { method: 'POST', json: { hostname }, token: user.token });

async function exportOf(token: string) {
  const res = await SELF.fetch(toRequest('/v1/user/export', { token }));
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

describe("a card's domain in its owner's data", () => {
  it('is in the export with its hostname, state and date; a card without one has no domain.json', async () => {
    const maya = await owner();
    const host = `www.exported-${unique()}.example`;
    const before = await exportOf(maya.token);
    expect(Object.keys(before)).not.toContain('domain.json');
    expect((await addDomain(maya, host)).status).toBe(201);
    const files = await exportOf(maya.token);
    const domain = JSON.parse(strFromU8(files['domain.json']!));
    expect(domain).toEqual({
      hostname: host,
      state: 'pending',
      created_at: new Date((await rowOf(host))!.createdAt).toISOString(),
    });
    // Another account's export holds nothing of it.
    const other = await owner();
    expect(Object.keys(await exportOf(other.token))).not.toContain('domain.json');
  });

  it('goes with the account: not served from the next request, then deleted at Cloudflare and here', async () => {
    const maya = await owner();
    const host = `www.deleted-${unique()}.example`;
    expect((await addDomain(maya, host)).status).toBe(201);
    await cloudflareSays(host, { status: 'active', ssl_status: 'active' });
    await cron((await rowOf(host))!.nextCheckAt);
    expect((await at(host, '/')).status).toBe(200);

    const gone = await at(null, '/v1/user', {
      method: 'DELETE',
      token: maya.token,
      json: { current_password: maya.password },
    });
    expect(gone.status).toBe(200);
    expect((await at(host, '/')).status).toBe(404);
    expect((await rowOf(host))?.cardId).toBeNull();
    // The cron's next turn deletes it at Cloudflare, then here; the name is free again.
    await cron(Date.now());
    expect(await rowOf(host)).toBeUndefined();
    expect((await addDomain(await owner(), host)).status).toBe(201);
  });
});
