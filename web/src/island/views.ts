import { sendReport } from './report';

type Navigation = PerformanceNavigationTiming & { deliveryType?: string; activationStart?: number };

/**
 * A view the server could not count (docs/decisions/0083). A card the browser fetched or drew
 * ahead of the visitor (speculation rules' prefetch or prerender: a search engine's result, the
 * address bar) is not counted when fetched, since nobody is looking at it yet (`Sec-Purpose`),
 * and showing it later sends no request. So the island reports it once the visitor sees it, as
 * the card's own script fetching the card (GET /v1/p/{username}, a counted view like any, within
 * the visitor's bound). A page fetched the ordinary way was counted by the server: nothing here.
 */
export function reportShownView(username: string) {
  const report = () => sendReport(`/v1/p/${encodeURIComponent(username)}`, 'View report failed');
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', report, { once: true });
    return;
  }
  const navigation = performance.getEntriesByType?.('navigation')[0] as Navigation | undefined;
  if (navigation?.deliveryType === 'navigational-prefetch' || (navigation?.activationStart ?? 0) > 0) report();
}
