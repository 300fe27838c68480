import { createIsbotFromList, list } from 'isbot';

/**
 * Who is not a visitor (README, Decisions: honest visitors). The list is the isbot package's
 * (MIT; it merges its own patterns with the maintained crawler lists of monperrus/crawler-user-agents
 * and others, tested against a corpus of real user agents: crawlers, link-preview fetchers of
 * messengers and social networks, read-aloud fetchers, HTTP libraries and API tools, headless
 * browsers, SEO and AI crawlers), kept current by updating the package; a test holds real user
 * agents of every class. These additions name fetchers this product was seen counting, so they
 * stay recognised whatever a future version of the list does: each is a fetch of the app itself,
 * never its in-app browser (which sends a browser's agent, Mozilla/... first).
 */
const ADDITIONS = [
  'whatsapp/', // WhatsApp's link preview
  'google-read-aloud',
  'postmanruntime',
  'insomnia/',
  'headlesschrome',
  'chatgpt-user',
  'perplexity-user',
  'claude-user',
  '^viber/', // Viber's link preview (its in-app browser starts with Mozilla/)
  'microsoft outlook', // Outlook for Windows' link preview
  'ms-office', // Office programs fetching a link to preview or check it
  'outlook-ios/',
  'outlook-android/',
  'oneoutlook/', // the new Outlook for Windows
  '^dart/', // Dart's HTTP client: a Flutter app's fetch (its web view sends a browser's agent)
];

const matches = createIsbotFromList([...list, ...ADDITIONS]);

/** An empty user agent or one on the list: not a person, not counted. */
export const isNonHuman = (userAgent: string) => userAgent.trim() === '' || matches(userAgent);
