/** The outside page that sent the visitor, passed along so a report keeps its referrer. */
function outsideReferrer() {
  try {
    const host = document.referrer ? new URL(document.referrer).hostname : '';
    return host && host !== location.hostname ? host : '';
  } catch {
    return '';
  }
}

/**
 * Sends a report the visitor never waits for (a click, a view the server could not count):
 * `keepalive` lets it outlive the page, and the outside referrer rides along as `?ref=`. A failed
 * report is logged as `failed` with `detail` (docs/product.md §7); the visitor is shown nothing.
 */
export function sendReport(path: string, failed: string, ...detail: unknown[]) {
  const ref = outsideReferrer();
  const query = ref ? `?ref=${encodeURIComponent(ref)}` : '';
  fetch(`${path}${query}`, { keepalive: true, credentials: 'same-origin' }).then(
    (res) => {
      if (!res.ok) console.warn(failed, ...detail, res.status);
    },
    (error: unknown) => console.warn(failed, ...detail, error),
  );
}
