import type { Bindings } from '../../env';
import { clientNetwork } from '../../lib/client-key';
import { MisconfiguredError, secret } from '../../lib/config';
import { logError } from '../../lib/log';
import { bufferEvent } from './batch-writer';
import { metadataOf, type EventKind } from './buffer';
import { withinBounds } from './bounds';
import { isNonHuman } from './non-human';
import { channelOf, countryOf, deviceClass, isPrefetch, referrerHost } from './request-facts';
import { viewerIdOf } from './viewer';
import { networkHash, utcDay, visitorHash, visitorKey } from './visitor-hash';

export type TrackInput = {
  /** The card (its id names its counts). */
  ownerId: string;
  /** The account holding the card: its own views are not counted. */
  accountId: string;
  /** The visitor's request (headers, URL, `cf`). */
  request: Request;
  /** For the log line when the write fails. */
  requestId?: string;
  /** Counted after the answer (waitUntil): the event may wait a moment to share a key (batch-writer.ts). */
  answered?: boolean;
};

/**
 * Whether the request is what a visitor's browser sends for this event, from the Fetch
 * Metadata headers (absent in old browsers, then trusted): a view is the card opened as a
 * page or frame from anywhere, or the JSON card fetched by this site; a click is this site's
 * card reporting it (the island's fetch or the link's ping). So an image, a script or another
 * site's fetch pointed at these URLs counts nothing. A save of the contact is asked for as a view
 * is: the vCard opened from anywhere (a link, a QR code) or downloaded by the card's own button.
 */
function sentByVisitor(request: Request, kind: EventKind) {
  const dest = request.headers.get('Sec-Fetch-Dest') ?? '';
  const site = request.headers.get('Sec-Fetch-Site') ?? '';
  const ours = site === '' || site === 'same-origin';
  if (kind !== 'click') return ['', 'document', 'iframe'].includes(dest) || (dest === 'empty' && ours);
  return (dest === '' || dest === 'empty') && ours;
}

// Only a GET is a view (a HEAD, answered by Hono with the GET handler, fetches no card); a
// click is the island's GET or the ping's POST (README, Decisions: clicks without JavaScript); a
// save is the vCard's GET.
const COUNTED_METHODS = { view: ['GET'], click: ['GET', 'POST'], save: ['GET'] };

async function track(env: Bindings, input: TrackInput, kind: EventKind, linkId: number | null) {
  const { request, ownerId } = input;
  const userAgent = request.headers.get('User-Agent') ?? '';
  if (!COUNTED_METHODS[kind].includes(request.method) || !sentByVisitor(request, kind)) return false;
  if (isNonHuman(userAgent) || isPrefetch(request.headers)) return false;
  try {
    // The owner's own traffic is not counted; viewer.ts is the one place that recognises them.
    if ((await viewerIdOf(request, env)) === input.accountId) return false;
    const url = new URL(request.url);
    const at = Date.now();
    // The client chooses its User-Agent but not its network (docs/decisions/0086).
    const network = clientNetwork(request.headers.get('CF-Connecting-IP') ?? '');
    const referrer = referrerHost(request, url);
    const key = await visitorKey(env.DB, secret(env, 'VISITOR_SALT'), utcDay(at));
    const visitor = await visitorHash(key, network, userAgent, ownerId);
    // Over the visitor's or the network's bound: dropped before the (paid) KV write.
    const place = await networkHash(key, network, ownerId);
    if (!(await withinBounds(url.origin, { kind, visitor, network: place, linkId }, at))) return false;
    const event = {
      ownerId,
      kind,
      linkId,
      at,
      visitor,
      country: countryOf(request),
      referrer,
      device: deviceClass(userAgent),
      channel: channelOf(request, referrer, url),
    };
    // KV briefly down: one more try a moment later (README, When a part fails); then the event
    // is logged as dropped below. With the card's other events of the moment (batch-writer.ts).
    await bufferEvent(env.EVENTS, ownerId, metadataOf(event), input.answered === true);
    return true;
  } catch (error) {
    // A lost statistic must not cost the visitor the card (a click failure is only logged).
    const detail = error instanceof MisconfiguredError ? { detail: error.detail } : {};
    logError(input.requestId ?? 'track', error, { event: kind, ownerId, dropped: true, ...detail });
    return false;
  }
}

/**
 * Records one view of a card in the KV buffer: settles once it is written, or once the card's
 * writer under way in this isolate took it (batch-writer.ts); the page runs it after its answer
 * (`answered`, waitUntil), the JSON card before. Answers whether it counted: not for a HEAD, the owner, a non-human agent, a prefetch, a request no visitor's
 * browser sends this way, a visitor or a network over its bound, or when the write failed (logged).
 */
export const trackView = (env: Bindings, input: TrackInput) => track(env, input, 'view', null);

/** Records one click on a link of the card; same rules as `trackView`. */
export const trackClick = (env: Bindings, input: TrackInput & { linkId: number }) =>
  track(env, input, 'click', input.linkId);

/**
 * Records one save of the contact (the card's vCard downloaded); same rules as `trackView`, with
 * bounds of its own (bounds.ts).
 */
export const trackSave = (env: Bindings, input: TrackInput) => track(env, input, 'save', null);
