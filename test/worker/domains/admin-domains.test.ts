import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { customHostnames } from '../../../worker/db/schema/domains';
import { customDomains } from '../../../worker/lib/config';
import { outboxMailer } from '../../../worker/services/dev-outbox';
import { checkDomains } from '../../../worker/services/domain-checks';
import { auditOf, signedInAdmin } from '../admin-helpers';
import { registerUser } from '../helpers';
import { at, cloudflareSays, unique, withCloudflare } from './helpers';

// The console's view of the cards' own domains (docs/decisions/0103-custom-domains.md): the list
// with each domain's card, owner, state and date, and an operator's removal, which does what the
// owner's does (stops serving at once, deletes at Cloudflare) and is audited with its reason.

const db = () => createDb(env.DB);
const rowOf = (hostname: string) =>
  db().select().from(customHostnames).where(eq(customHostnames.hostname, hostname)).get();

async function owner() {
  const user = await registerUser();
  const cards = await at(null, '/v1/cards', { token: user.token });
  return { ...user, cardId: cards.body.data.cards[0].id as string };
}
const addDomain = (user: { token: string; cardId: string }, hostname: string) =>
  at(null, `/v1/cards/${user.cardId}/domain`, { method: 'POST', json: { hostname }, token: user.token });

describe("the console's custom domains", () => {
  it('lists each domain with its card, owner, state and date; only operators see it', async () => {
    const admin = await signedInAdmin();
    const maya = await owner();
    const ben = await owner();
    const local = `card.${maya.username.replace(/_/g, '-')}.localhost`;
    const pending = `www.listed-${unique()}.example`;
    expect((await addDomain(maya, local)).status).toBe(201);
    expect((await addDomain(ben, pending)).status).toBe(201);

    const list = await at(null, '/v1/admin/domains', { token: admin.token });
    expect(list.status).toBe(200);
    const byName = (name: string) => list.body.data.find((d: { hostname: string }) => d.hostname === name);
    expect(byName(local)).toEqual({
      id: (await rowOf(local))!.id,
      hostname: local,
      card_id: maya.cardId,
      username: maya.username,
      account_id: maya.id,
      owner: maya.email,
      state: 'active',
      since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(byName(pending)).toMatchObject({ username: ben.username, owner: ben.email, state: 'pending' });

    // The owner of a domain, and anyone signed out, find no such route.
    for (const token of [maya.token, undefined]) {
      const res = await at(null, '/v1/admin/domains', { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Not found' });
      const removal = await at(null, `/v1/admin/domains/${(await rowOf(local))!.id}/remove`, {
        method: 'POST',
        json: { reason: 'Because' },
        token,
      });
      expect(removal.status).toBe(404);
    }
    expect((await at(local, '/')).status).toBe(200);
    expect((await auditOf(maya.id)).filter((r) => r.action === 'remove_domain')).toEqual([]);
  });

  it("removes a domain as its owner's removal does, with the reason in the audit log", async () => {
    const admin = await signedInAdmin();
    const maya = await owner();
    const host = `www.removed-${unique()}.example`;
    expect((await addDomain(maya, host)).status).toBe(201);
    await cloudflareSays(host, { status: 'active', ssl_status: 'active' });
    await checkDomains(db(), customDomains(withCloudflare), outboxMailer(db()), (await rowOf(host))!.nextCheckAt);
    expect((await at(host, '/')).status).toBe(200);
    const id = (await rowOf(host))!.id;
    const remove = (json: unknown) =>
      at(null, `/v1/admin/domains/${id}/remove`, { method: 'POST', json, token: admin.token });

    // Without a reason, refused: still served, nothing audited.
    const bare = await remove({});
    expect(bare.status).toBe(422);
    expect((await at(host, '/')).status).toBe(200);
    expect(await auditOf(maya.id)).toEqual([]);

    const done = await remove({ reason: 'Phishing on this name' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(`${host} no longer shows its card.`);
    // Not served from the next request on, gone at Cloudflare (the stand-in knows it no more), and
    // the owner's Share screen has no domain.
    expect((await at(host, '/')).status).toBe(404);
    expect(await rowOf(host)).toBeUndefined();
    expect((await at(null, `/v1/cards/${maya.cardId}/domain`, { token: maya.token })).body.data.domain).toBeNull();
    const audit = await auditOf(maya.id);
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        action: 'remove_domain',
        target_label: maya.username,
        reason: `${host}: Phishing on this name`,
      }),
    ]);
    const log = await at(null, '/v1/admin/audit', { token: admin.token });
    expect(log.body.data.entries[0]).toMatchObject({ action: 'remove_domain', target: maya.username });

    // Once removed, or never there: 404, nothing more audited.
    expect((await remove({ reason: 'Again' })).status).toBe(404);
    const unknown = await at(null, `/v1/admin/domains/not-an-id/remove`, {
      method: 'POST',
      json: { reason: 'No such domain here' },
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    expect(await auditOf(maya.id)).toHaveLength(1);
    // The name is free for another card.
    expect((await addDomain(await owner(), host)).status).toBe(201);
  });
});
