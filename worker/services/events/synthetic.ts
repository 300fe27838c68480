import type { SyntheticEventsBody } from '@shared/schemas/dev';
import { putEvent } from './buffer';

const CONCURRENCY = 50;
const COUNTRIES = [null, 'DE', 'FR', 'US', 'BR', 'IN', 'JP'];
const REFERRERS = [null, null, 't.co', 'www.instagram.com', 'l.facebook.com'];
const CHANNELS = ['qr', 'nfc', 'direct', 'referral', 'email', 'link'];
const DEVICES = ['mobile', 'desktop', 'tablet'] as const;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Event n of a card: a UUID-shaped id and a visitor hash, both derived from (owner, n). */
async function identity(ownerId: string, n: number) {
  const digest = hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${ownerId}:${n}`)));
  const id = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-8${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  return { id, visitor: digest.slice(32, 64) };
}

/**
 * Buffers events `from` to `from + count - 1` of a card as visitors' requests would (the same
 * `putEvent`, one KV write each, now): a third of them clicks of `link_id` when given, each from
 * another visitor. Event n always has the same id, so a retried request buffers nothing twice.
 * Development only: the bench's fixture, since local HTTP on a shared machine is far slower than
 * the edge. Answers how many were written.
 */
export async function bufferSynthetic(kv: KVNamespace, body: SyntheticEventsBody): Promise<number> {
  let next = 0;
  const lane = async () => {
    for (let j = next++; j < body.count; j = next++) {
      const i = body.from + j;
      const click = body.link_id !== null && i % 3 === 2;
      const { id, visitor } = await identity(body.owner_id, i);
      await putEvent(
        kv,
        {
          ownerId: body.owner_id,
          kind: click ? 'click' : 'view',
          linkId: click ? body.link_id : null,
          at: Date.now(),
          visitor,
          country: COUNTRIES[i % COUNTRIES.length] ?? null,
          referrer: REFERRERS[i % REFERRERS.length] ?? null,
          device: DEVICES[i % DEVICES.length]!,
          channel: CHANNELS[i % CHANNELS.length]!,
        },
        id,
      );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return body.count;
}
