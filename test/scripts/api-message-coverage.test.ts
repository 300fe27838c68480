import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiMessagePatterns } from '../../shared/i18n/api-messages';
import { messages as apiEnglish } from '../../shared/i18n/compiled/api/en';

// The API answers its messages in the caller's language by matching the English
// against the api catalogue (worker/middleware/language.ts); a message the catalogue lacks stays
// English on a Spanish screen ('This password is too common', 'Your current password is
// incorrect', the Linktree import's errors, the contacts e-mail toast all did). This reads every
// sentence the Worker and the shared schemas can answer with and fails on one without a pattern.
const SOURCES = ['worker/routes', 'worker/services', 'worker/middleware', 'worker/lib', 'shared/schemas'];

/** Sentences in those sources that are not API messages, or stay English on purpose. */
const NOT_TRANSLATED = new Set([
  // The web app recognises these by their English until the API gives them a code (decision 78).
  'Invalid or expired token',
  'Your account is pending activation. Please contact support to activate your account.',
  'Your account has been deactivated. Please contact support if you think this is a mistake.',
  'Registration successful. Your account is pending activation; please contact support to activate it.',
  // Checks of what the app always sends right (a chosen theme, an order, a range, a size, a
  // colour picked, a token it holds): no person can type a request that gets them.
  'Refresh token is required',
  'Display order must be a number',
  'Display order must be 0 or more',
  'Display order must be at most ${DISPLAY_ORDER_MAX}',
  'Mediation must be conditional when given',
  'Size must be 1920x1080 or 1280x720',
  'The range must be 7, 30, 90 or all',
  'Please choose a theme',
  'Choose a theme or send a custom theme',
  'Please choose a template',
  'Token refreshed',
  'Briefly unavailable',
  // A gradient's colour comes from the picker or a hex box that reverts anything else.
  'Gradient colour must be a colour like #RGB or #RRGGBB, or null for none',
  // A webhook delivery's outcome as its log records it (never an answer's message); the Settings
  // screen shows the receiver's status beside it.
  'The receiver answered ${response.status}',
  'No answer within ${DELIVERY_TIMEOUT_MS / 1000} s',
  'The receiver could not be reached',
  'The webhook is disabled',
  'The webhook was disabled after three days of failures',
  // The MCP server's own words, read by an assistant (which answers its person in their language),
  // never shown by the app: its instructions, its protocol errors and its tools' confirmations.
  'The arguments are not valid.',
  'Send a personal access token (cl_pat_…) as Authorization: Bearer. Make one in Settings, API tokens.',
  'Only personal access tokens (cl_pat_…) are accepted here, never a session: make one in Settings, API tokens.',
  'This MCP server is stateless: send each JSON-RPC message with POST.',
  'Manages Cardlink digital business cards: their profile fields, links, statistics and the contacts visitors shared. ',
  'Tools act on the primary card unless given a card_id from list_cards. A tool the token has no scope for answers an error naming the scope.',
  'Unknown tool: ${params.name}',
  'Profile updated',
  'Link added',
  'Link updated',
  'Link hidden',
  'Link shown',
  // The organisation analytics CSV's column names, a file's fixed header like the contacts export's.
  'Unique visitors',
  'Link clicks',
  'Saves of the contact',
  // Names, not messages: labels inside messages, fonts, platforms, browsers, a vCard's default.
  'Job title',
  'Background colour',
  'Text colour',
  'Accent colour',
  'Button style',
  'Button shape',
  'Gradient direction',
  'Digital card',
  'Unknown browser',
  'Unknown system',
  'Apple Wallet',
  'Google Wallet',
]);

/** Files that hold names or e-mail text rather than API messages (e-mails have the mail catalogue). */
const SKIPPED_FILES = ['worker/lib/mailer.ts', 'worker/services/notices.ts', 'worker/services/user-agent.ts'];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The operators' console and its API are English (decision 78).
    if (/admin|operator/.test(entry.name)) return [];
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) && !SKIPPED_FILES.includes(path) ? [path] : [];
  });

/** Quoted sentences ('Capital then a space...') outside comments, logs and e-mail bodies. */
function sentences(path: string): string[] {
  const found: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\s*(\/\/|\*|\/\*)/.test(line) || /console\.|log\(|new Error\(|subject:|text:|\\n/.test(line)) continue;
    for (const match of line.matchAll(/(['"`])([A-Z][a-z]+ [^'"`]{4,}?)\1/g)) found.push(match[2] ?? '');
  }
  return found;
}

describe("the API's messages", () => {
  it('each has a translation in the api catalogue, but for the few that stay English on purpose', () => {
    const { patterns } = apiMessagePatterns(apiEnglish);
    const sources = SOURCES.flatMap(files);
    const all = sources.flatMap((path) => sentences(path).map((sentence) => ({ path, sentence })));
    // The scan itself works: it sees messages from schemas, services and routes.
    expect(all.map((entry) => entry.sentence)).toEqual(
      expect.arrayContaining(['Title is required', 'Your current password is incorrect', 'Link restored']),
    );
    const untranslated = all
      .filter(({ sentence }) => !NOT_TRANSLATED.has(sentence))
      .filter(({ sentence }) => {
        // A template's values (`${max}`) become a number, as they are when the API answers.
        const example = sentence.replace(/\$\{[^}]+\}/g, '5');
        return !patterns.some(({ pattern }) => pattern.test(example));
      })
      .map(({ path, sentence }) => `${path}: ${sentence}`);
    expect(untranslated).toEqual([]);
  });
});
