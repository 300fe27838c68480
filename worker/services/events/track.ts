import type { Bindings } from '../../env';
import { MisconfiguredError, secret } from '../../lib/config';
import { logError } from '../../middleware/request-log';
import { optionalUserId } from '../../middleware/auth';
import { putEvent } from './buffer';
import { channelOf, countryOf, deviceClass, isBot, isPrefetch, referrerHost } from './request-facts';
import { utcDay, visitorHash, visitorKey } from './visitor-hash';

export type TrackInput = {
  /** The card's owner. */
  ownerId: string;
  /** The visitor's request (headers, URL, `cf`). */
  request: Request;
  /** The signed-in viewer; read from the request (`viewerIdOf`) when not given. The owner's own traffic is not counted. */
  viewerId?: string | null;
  /** For the log line when the write fails. */
  requestId?: string;
};

/**
 * The viewer's user id from a bearer token or, for the server-rendered card and the card's
 * own API calls, the `access_token` cookie the dashboard keeps (path /, same site). It only
 * decides whether a view counts, so it grants nothing; an expired token counts as anonymous.
 */
export async function viewerIdOf(request: Request, env: Bindings): Promise<string | null> {
  const header = request.headers.get('Authorization') ?? undefined;
  const fromHeader = await optionalUserId(header, env);
  if (fromHeader) return fromHeader;
  const cookie = /(?:^|;\s*)access_token=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  return cookie ? optionalUserId(`Bearer ${decodeURIComponent(cookie)}`, env) : null;
}

async function track(env: Bindings, input: TrackInput, kind: 'view' | 'click', linkId: number | null) {
  const { request, ownerId } = input;
  const userAgent = request.headers.get('User-Agent') ?? '';
  if (isBot(userAgent) || isPrefetch(request.headers)) return false;
  try {
    const viewerId = input.viewerId === undefined ? await viewerIdOf(request, env) : input.viewerId;
    if (viewerId === ownerId) return false;
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
 * counted: not for the owner, an obvious bot, a prefetch, or when the write failed (logged).
 */
export const trackView = (env: Bindings, input: TrackInput) => track(env, input, 'view', null);

/** Records one click on a link of the card; same rules as `trackView`. */
export const trackClick = (env: Bindings, input: TrackInput & { linkId: number }) =>
  track(env, input, 'click', input.linkId);
