import type { Bindings } from '../../env';
import { MisconfiguredError, secret } from '../../lib/config';
import { logError } from '../../middleware/request-log';
import { putEvent } from './buffer';
import { channelOf, countryOf, deviceClass, isBot, isPrefetch, referrerHost } from './request-facts';
import { viewerIdOf } from './viewer';
import { utcDay, visitorHash, visitorKey } from './visitor-hash';

export type TrackInput = {
  /** The card's owner. */
  ownerId: string;
  /** The visitor's request (headers, URL, `cf`). */
  request: Request;
  /** For the log line when the write fails. */
  requestId?: string;
};

async function track(env: Bindings, input: TrackInput, kind: 'view' | 'click', linkId: number | null) {
  const { request, ownerId } = input;
  const userAgent = request.headers.get('User-Agent') ?? '';
  // Only a GET is a visit: a HEAD (Hono answers it with the GET handler) fetches no card.
  if (request.method !== 'GET' || isBot(userAgent) || isPrefetch(request.headers)) return false;
  try {
    // The owner's own traffic is not counted; viewer.ts is the one place that recognises them.
    if ((await viewerIdOf(request, env)) === ownerId) return false;
    const url = new URL(request.url);
    const at = Date.now();
    const ip = request.headers.get('CF-Connecting-IP') ?? '';
    const referrer = referrerHost(request, url);
    const key = await visitorKey(env.DB, secret(env, 'VISITOR_SALT'), utcDay(at));
    await putEvent(env.EVENTS, {
      ownerId,
      kind,
      linkId,
      at,
      visitor: await visitorHash(key, ip, userAgent, ownerId),
      country: countryOf(request),
      referrer,
      device: deviceClass(userAgent),
      channel: channelOf(request, referrer, url),
    });
    return true;
  } catch (error) {
    // A lost statistic must not cost the visitor the card (spec: a click failure is only logged).
    const detail = error instanceof MisconfiguredError ? { detail: error.detail } : {};
    logError(input.requestId ?? 'track', error, { event: kind, ownerId, ...detail });
    return false;
  }
}

/**
 * Records one view of a card: one KV write, awaited so the event is durable before the
 * answer (nothing to lose if the isolate goes away after responding). Answers whether it
 * counted: not for a HEAD, the owner, an obvious bot, a prefetch, or when the write failed (logged).
 */
export const trackView = (env: Bindings, input: TrackInput) => track(env, input, 'view', null);

/** Records one click on a link of the card; same rules as `trackView`. */
export const trackClick = (env: Bindings, input: TrackInput & { linkId: number }) =>
  track(env, input, 'click', input.linkId);
