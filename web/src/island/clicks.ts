import { sendReport } from './report';

/**
 * Reports a click on a card link (GET /v1/link/{id}/click) without holding the navigation
 * back: the link opens as usual and `keepalive` lets the request outlive the page.
 *
 * The links also carry `ping`, which the browser sends itself when no script runs (README,
 * Decisions: clicks without JavaScript). Once this runs it takes the report over and removes
 * the attribute, so a click is reported by exactly one of the two: the ping before the island
 * has loaded, the island after (and in browsers that do not send pings at all, such as Firefox
 * by default).
 */
export function reportClicks(root: HTMLElement) {
  for (const link of root.querySelectorAll('a[data-link-id][ping]')) link.removeAttribute('ping');
  const report = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-link-id]');
    const id = link?.dataset.linkId;
    if (!id || !/^\d+$/.test(id)) return;
    sendReport(`/v1/link/${id}/click`, 'Click report failed', id);
  };
  root.addEventListener('click', report);
  root.addEventListener('auxclick', report);
}
