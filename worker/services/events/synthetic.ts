import type { SyntheticEventsBody } from '../../../shared/schemas/dev';
import { putEvent } from './buffer';

const CONCURRENCY = 50;
const COUNTRIES = [null, 'DE', 'FR', 'US', 'BR', 'IN', 'JP'];
const REFERRERS = [null, null, 't.co', 'www.instagram.com', 'l.facebook.com'];
const CHANNELS = ['qr', 'nfc', 'direct', 'referral', 'email', 'link'];
const DEVICES = ['mobile', 'desktop', 'tablet'] as const;

const randomHash = () =>
  [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Buffers `count` events of a card as visitors' requests would (the same `putEvent`, one KV
 * write each, now): a third of them clicks of `link_id` when given, each from another visitor.
 * Development only: the bench's fixture, since local HTTP on a shared machine is far slower than
 * the edge. Answers how many were written.
 */
export async function bufferSynthetic(kv: KVNamespace, body: SyntheticEventsBody): Promise<number> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < body.count; i = next++) {
      const click = body.link_id !== null && i % 3 === 2;
      await putEvent(kv, {
        ownerId: body.owner_id,
        kind: click ? 'click' : 'view',
        linkId: click ? body.link_id : null,
        at: Date.now(),
        visitor: randomHash(),
        country: COUNTRIES[i % COUNTRIES.length] ?? null,
        referrer: REFERRERS[i % REFERRERS.length] ?? null,
        device: DEVICES[i % DEVICES.length]!,
        channel: CHANNELS[i % CHANNELS.length]!,
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return body.count;
}
