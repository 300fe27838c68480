import { eq } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { cards, links } from '../../db/schema';
import { customHostnames } from '../../db/schema/domains';
import type { Bindings, CountBindings, Db } from '../../env';
import { contactsCsv, CSV_BOM } from '../../lib/csv';
import { buildVCard, contactsVCard } from '../../lib/vcard';
import { listApiTokens } from '../api-tokens-manage';
import { listWebhooks } from '../webhooks/endpoints';
import { listCards } from '../cards';
import { stateOf } from '../custom-domains';
import { allContacts } from '../contacts/owner';
import { serializeLink } from '../links';
import { isSetKey } from '../media';
import { getUserView } from '../users';
import { cardCounts, withClicks } from '../events/counts';
import { breakdownsCsv, dailyCsv, linkClicksCsv, statsReader } from './export-stats';

/**
 * GET /v1/user/export (README, Operating: export): one zip, streamed as it is made, holding
 * profile.json, links.json, theme.json, template.json, the statistics as CSV (every day from the
 * first visit, clicks per link per day, the breakdowns), card.vcf, domain.json (the card's own domain: hostname, state, when added; only when it has one), the contacts visitors left
 * (contacts.csv and contacts.vcf), and the avatar and cover as
 * uploaded: the primary card's at the top, with tokens.json (the account's API tokens, never a secret) and webhooks.json (its webhooks, never a secret), each other card's the same under `cards/<username>/`. Each file is written in pieces and the stream's back-pressure is awaited between
 * them, so years of history or a large photo never sit in the Worker's memory at once.
 */

type Storage = Pick<Bindings, 'DB' | 'EVENTS' | 'MEDIA'> & CountBindings;
const encoder = new TextEncoder();
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The image as its owner uploaded it, or the largest derivative when the upload is not kept. */
async function imageSource(bucket: R2Bucket, original: string | null, key: string | null) {
  if (original) return original;
  if (!key) return null;
  if (!isSetKey(key)) return key;
  const listed = await bucket.list({ prefix: `${key}/` });
  const jpegs = listed.objects.filter((object) => object.key.endsWith('.jpg'));
  return jpegs.sort((a, b) => b.size - a.size)[0]?.key ?? null;
}

export function exportArchive(db: Db, storage: Storage, origin: string, userId: string): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      void writer.abort(error);
      return;
    }
    void writer.write(chunk);
    if (final) void writer.close();
  });

  /** A file written piece by piece; each piece waits for the reader to take the last. */
  const file = (name: string, compress = true) => {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    return {
      push: async (data: Uint8Array | string) => {
        entry.push(typeof data === 'string' ? encoder.encode(data) : data);
        await writer.ready;
      },
      end: () => entry.push(new Uint8Array(0), true),
    };
  };
  const whole = async (name: string, text: string) => {
    const f = file(name);
    await f.push(text);
    f.end();
  };

  /** One card's files under `prefix`: its profile, links, look, vCard, statistics and images. */
  const writeCard = async (prefix: string, cardId: string) => {
    const user = await getUserView(db, origin, userId, storage, cardId);
    const rows = await withClicks(
      storage,
      db,
      cardId,
      await db.select().from(links).where(eq(links.cardId, cardId)).orderBy(links.displayOrder).all(),
    );
    const { theme, custom_theme, template, profile: _nested, ...profile } = user;
    await whole(`${prefix}profile.json`, json(profile));
    await whole(`${prefix}links.json`, json(rows.map(serializeLink(origin))));
    await whole(`${prefix}theme.json`, json({ theme, custom_theme }));
    await whole(`${prefix}template.json`, json({ template }));
    const card = { ...user, links: rows.map(serializeLink(origin)) };
    await whole(`${prefix}card.vcf`, buildVCard(card, `${origin}/p/${user.username}`, null));

    // The card's own domain, when it has one (docs/decisions/0103-custom-domains.md).
    const domain = await db.select().from(customHostnames).where(eq(customHostnames.cardId, cardId)).get();
    if (domain)
      await whole(
        `${prefix}domain.json`,
        json({
          hostname: domain.hostname,
          state: stateOf(domain.status, domain.sslStatus),
          created_at: new Date(domain.createdAt).toISOString(),
        }),
      );

    // The contacts visitors left on this card, as the Contacts screen's own CSV and vCard downloads.
    const left = await allContacts(db, cardId);
    await whole(`${prefix}contacts.csv`, contactsCsv(left));
    await whole(`${prefix}contacts.vcf`, contactsVCard(left));

    const reader = await statsReader(db, await cardCounts(storage, db, cardId), storage.EVENTS, cardId);
    for (const [name, csv] of [
      ['statistics/daily.csv', dailyCsv],
      ['statistics/link-clicks.csv', linkClicksCsv],
      ['statistics/breakdowns.csv', breakdownsCsv],
    ] as const) {
      const f = file(`${prefix}${name}`);
      // Link titles and referrers are anyone's script: Excel needs the mark to read them.
      await f.push(CSV_BOM);
      await csv(reader, f.push);
      f.end();
    }

    const stored = await db.select().from(cards).where(eq(cards.id, cardId)).get();
    for (const [kind, original, key] of [
      ['avatar', stored?.avatarOriginal ?? null, stored?.avatarKey ?? null],
      ['cover', stored?.coverOriginal ?? null, stored?.coverKey ?? null],
      ['background', stored?.backgroundOriginal ?? null, stored?.backgroundKey ?? null],
      ['logo', stored?.logoOriginal ?? null, stored?.logoKey ?? null],
    ] as const) {
      const source = await imageSource(storage.MEDIA, original, key);
      const object = source ? await storage.MEDIA.get(source) : null;
      if (!object) continue;
      // Images are compressed already: stored as they are.
      const f = file(`${prefix}images/${kind}.${source?.split('.').pop() ?? 'jpg'}`, false);
      const body = object.body.getReader();
      for (let part = await body.read(); !part.done; part = await body.read()) await f.push(part.value);
      f.end();
    }
  };

  // The primary card at the top, as the export always was; every other card in a folder of its own.
  const write = async () => {
    const owned = await listCards(db, userId);
    const primary = owned.find((card) => card.isPrimary) ?? owned[0];
    if (primary) await writeCard('', primary.id);
    // The account's API tokens: names, scopes, cards and times; the secrets are not kept, and their hashes stay out.
    await whole('tokens.json', json(await listApiTokens(db, userId)));
    // Its webhooks: URL, events, cards and times; never a signing secret.
    await whole('webhooks.json', json(await listWebhooks(db, userId)));
    // Its organisations and work cards, with what becomes of those cards (they stay with the organisation).
    const { organisationsOfAccount } = await import('../orgs/export-note');
    await whole('organisations.json', json(await organisationsOfAccount(db, userId)));
    for (const card of owned) if (card.id !== primary?.id) await writeCard(`cards/${card.username}/`, card.id);
    zip.end();
  };
  write().catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'error', message: 'export failed', error: String(error) }));
    zip.terminate();
    void writer.abort(error);
  });
  return readable;
}
