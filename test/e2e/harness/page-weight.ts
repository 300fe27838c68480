// What a page really costs a visitor: every byte the browser receives (headers and bodies, as sent
// over the wire) from the navigation until the network has been quiet for a while, with no user
// action. Used by the card's budget journey and by `npm run bench`.
import type { Browser } from 'playwright-core';

export type Kind = 'document' | 'image' | 'font' | 'script' | 'other';
export type Transfer = { url: string; kind: Kind; bytes: number };
export type Weight = { total: number; byKind: Record<Kind, number>; transfers: Transfer[] };
export type Screen = { width: number; height: number; mobile: boolean; deviceScaleFactor: number };

/** The screens the budget is held at: a 3x phone and a desktop, each with its densest common DPR. */
export const WEIGHT_SCREENS = {
  phone: { width: 390, height: 844, mobile: true, deviceScaleFactor: 3 },
  desktop: { width: 1440, height: 900, mobile: false, deviceScaleFactor: 2 },
} satisfies Record<string, Screen>;

const KINDS: Record<string, Kind> = { Document: 'document', Image: 'image', Font: 'font', Script: 'script' };
const QUIET_MS = 1500;
const LIMIT_MS = 30_000;

type ResponseEvent = { requestId: string; type?: string; response: { url: string } };
type FinishedEvent = { requestId: string; encodedDataLength: number };

export async function pageWeight(browser: Browser, url: string, screen: Screen): Promise<Weight> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map<string, { url: string; kind: Kind }>();
    const transfers: Transfer[] = [];
    let last = Date.now();
    cdp.on('Network.responseReceived', (event: ResponseEvent) => {
      responses.set(event.requestId, { url: event.response.url, kind: KINDS[event.type ?? ''] ?? 'other' });
    });
    cdp.on('Network.loadingFinished', (event: FinishedEvent) => {
      const response = responses.get(event.requestId);
      // A data: URI (the cover's inline placeholder) is part of the document, not a transfer.
      if (response && !response.url.startsWith('data:'))
        transfers.push({ ...response, bytes: event.encodedDataLength });
      last = Date.now();
    });
    await page.goto(url, { waitUntil: 'load' });
    const started = Date.now();
    while (Date.now() - last < QUIET_MS && Date.now() - started < LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const byKind: Record<Kind, number> = { document: 0, image: 0, font: 0, script: 0, other: 0 };
    for (const transfer of transfers) byKind[transfer.kind] += transfer.bytes;
    return { total: transfers.reduce((sum, t) => sum + t.bytes, 0), byKind, transfers };
  } finally {
    await context.close();
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
