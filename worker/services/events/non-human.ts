import { createIsbotFromList, list } from 'isbot';

/**
 * Who is not a visitor (README, Decisions: honest visitors). The list is the isbot package's
 * (MIT, maintained against a corpus of real user agents: crawlers, link-preview fetchers of
 * messengers and social networks, read-aloud fetchers, HTTP libraries and API tools, headless
 * browsers, SEO and AI crawlers), updated with the package; a test holds real user agents of
 * every class. These additions name fetchers this product was seen counting, so they stay
 * recognised whatever a future version of the list does.
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
];

const matches = createIsbotFromList([...list, ...ADDITIONS]);

/** An empty user agent or one on the list: not a person, not counted. */
export const isNonHuman = (userAgent: string) => userAgent.trim() === '' || matches(userAgent);
