/**
 * The blocklist bundled with the code: checked on every save and every scan, whether or not a
 * feed is configured (README, Operating: link safety). Deliberately small, a seed rather than a
 * feed: the industry's test hosts (which browsers' safe-browsing checks flag on purpose) and
 * their URL forms, so an operator can see the refusal work. A real deployment sets
 * BLOCKLIST_FEED_URL (URLhaus or similar), which the cron refreshes hourly into D1.
 * Bump SNAPSHOT_VERSION when the entries change: the scan of saved links starts over.
 */
export const SNAPSHOT_VERSION = 'snapshot-2026-11-24';

export const SNAPSHOT_DOMAINS: readonly string[] = [
  'malware.testing.google.test',
  'testsafebrowsing.appspot.com',
  'wicar.org',
];

export const SNAPSHOT_URLS: readonly string[] = ['http://malware.wicar.org/data/eicar.com'];
