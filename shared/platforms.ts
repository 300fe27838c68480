// The platform catalogue (docs/product.md §3): what the link form offers and how it builds a url.
// Plain data, no imports: the web app, the Worker and Node scripts (scripts/build-icons.ts) read it.
// Icons are served by this product at /icons/{id}.svg (bundled from icon packages at build time).

export const PLATFORM_CATEGORIES = [
  'social',
  'professional',
  'programming',
  'entertainment',
  'communication',
  'gaming',
  'other',
] as const;
export type PlatformCategory = (typeof PLATFORM_CATEGORIES)[number];

/** How a category is titled in the link form's dropdown and the /icons gallery. */
export const PLATFORM_CATEGORY_LABELS: Record<PlatformCategory, string> = {
  social: 'Social',
  professional: 'Professional',
  programming: 'Programming',
  entertainment: 'Entertainment',
  communication: 'Communication',
  gaming: 'Gaming',
  other: 'Other',
};

export type Platform = {
  id: string;
  name: string;
  /** Same-origin path of the platform's SVG icon. */
  icon: string;
  /** The link's url with `{username}` replaced by what the user typed. */
  urlTemplate: string;
  placeholder: string;
  category: PlatformCategory;
};

/** The generic link icon, for custom links and icons that fail to load. */
export const DEFAULT_ICON = '/icons/default.svg';
export const iconPath = (id: string) => `/icons/${id}.svg`;

type Entry = [id: string, name: string, urlTemplate: string, placeholder: string];

const CATALOGUE: Record<PlatformCategory, Entry[]> = {
  social: [
    ['instagram', 'Instagram', 'https://instagram.com/{username}', 'username'],
    ['facebook', 'Facebook', 'https://facebook.com/{username}', 'username or page name'],
    ['twitter', 'X (Twitter)', 'https://x.com/{username}', 'username (without @)'],
    ['tiktok', 'TikTok', 'https://www.tiktok.com/@{username}', 'username (without @)'],
    ['snapchat', 'Snapchat', 'https://www.snapchat.com/add/{username}', 'username'],
    ['pinterest', 'Pinterest', 'https://pinterest.com/{username}', 'username'],
    ['reddit', 'Reddit', 'https://www.reddit.com/user/{username}', 'username (without u/)'],
    ['tumblr', 'Tumblr', 'https://{username}.tumblr.com', 'blog name'],
    ['threads', 'Threads', 'https://www.threads.net/@{username}', 'username (without @)'],
    ['mastodon', 'Mastodon', 'https://{username}', 'mastodon.social/@username'],
    ['bluesky', 'Bluesky', 'https://bsky.app/profile/{username}', 'handle.bsky.social'],
    ['vk', 'VK', 'https://vk.com/{username}', 'username or id'],
    ['weibo', 'Weibo', 'https://weibo.com/{username}', 'user id'],
  ],
  professional: [
    ['linkedin', 'LinkedIn', 'https://www.linkedin.com/in/{username}', 'profile name from your URL'],
    ['xing', 'XING', 'https://www.xing.com/profile/{username}', 'First_Last'],
    ['behance', 'Behance', 'https://www.behance.net/{username}', 'username'],
    ['dribbble', 'Dribbble', 'https://dribbble.com/{username}', 'username'],
    ['medium', 'Medium', 'https://medium.com/@{username}', 'username (without @)'],
    ['substack', 'Substack', 'https://{username}.substack.com', 'publication name'],
    ['producthunt', 'Product Hunt', 'https://www.producthunt.com/@{username}', 'username (without @)'],
    ['upwork', 'Upwork', 'https://www.upwork.com/freelancers/{username}', 'profile id (~01...)'],
    ['fiverr', 'Fiverr', 'https://www.fiverr.com/{username}', 'username'],
    ['calendly', 'Calendly', 'https://calendly.com/{username}', 'username'],
  ],
  programming: [
    ['github', 'GitHub', 'https://github.com/{username}', 'username'],
    ['gitlab', 'GitLab', 'https://gitlab.com/{username}', 'username'],
    ['bitbucket', 'Bitbucket', 'https://bitbucket.org/{username}', 'workspace'],
    ['codeberg', 'Codeberg', 'https://codeberg.org/{username}', 'username'],
    ['stackoverflow', 'Stack Overflow', 'https://stackoverflow.com/users/{username}', 'user id'],
    ['codepen', 'CodePen', 'https://codepen.io/{username}', 'username'],
    ['devto', 'DEV', 'https://dev.to/{username}', 'username'],
    ['hashnode', 'Hashnode', 'https://hashnode.com/@{username}', 'username (without @)'],
    ['leetcode', 'LeetCode', 'https://leetcode.com/u/{username}', 'username'],
    ['hackerrank', 'HackerRank', 'https://www.hackerrank.com/profile/{username}', 'username'],
    ['kaggle', 'Kaggle', 'https://www.kaggle.com/{username}', 'username'],
    ['npm', 'npm', 'https://www.npmjs.com/~{username}', 'username'],
    ['replit', 'Replit', 'https://replit.com/@{username}', 'username (without @)'],
  ],
  entertainment: [
    ['youtube', 'YouTube', 'https://www.youtube.com/@{username}', 'channel handle (without @)'],
    ['twitch', 'Twitch', 'https://www.twitch.tv/{username}', 'username'],
    ['spotify', 'Spotify', 'https://open.spotify.com/user/{username}', 'user id'],
    ['soundcloud', 'SoundCloud', 'https://soundcloud.com/{username}', 'username'],
    ['applemusic', 'Apple Music', 'https://music.apple.com/profile/{username}', 'username'],
    ['vimeo', 'Vimeo', 'https://vimeo.com/{username}', 'username'],
    ['bandcamp', 'Bandcamp', 'https://{username}.bandcamp.com', 'artist name'],
    ['letterboxd', 'Letterboxd', 'https://letterboxd.com/{username}', 'username'],
    ['goodreads', 'Goodreads', 'https://www.goodreads.com/{username}', 'username'],
  ],
  communication: [
    ['email', 'Email', 'mailto:{username}', 'you@example.com'],
    ['phone', 'Phone', 'tel:{username}', '+1234567890'],
    ['whatsapp', 'WhatsApp', 'https://wa.me/{username}', 'phone number with country code'],
    ['telegram', 'Telegram', 'https://t.me/{username}', 'username'],
    ['signal', 'Signal', 'https://signal.me/#p/{username}', 'phone number with country code'],
    ['discord', 'Discord', 'https://discord.com/users/{username}', 'user id'],
    ['skype', 'Skype', 'https://join.skype.com/invite/{username}', 'invite code'],
    ['messenger', 'Messenger', 'https://m.me/{username}', 'username'],
    ['line', 'LINE', 'https://line.me/ti/p/{username}', 'LINE id'],
    ['slack', 'Slack', 'https://{username}.slack.com', 'workspace'],
  ],
  gaming: [
    ['steam', 'Steam', 'https://steamcommunity.com/id/{username}', 'custom URL name'],
    ['xbox', 'Xbox', 'https://account.xbox.com/profile?gamertag={username}', 'gamertag'],
    ['playstation', 'PlayStation', 'https://psnprofiles.com/{username}', 'PSN id'],
    ['epicgames', 'Epic Games', 'https://store.epicgames.com/u/{username}', 'account id'],
    ['itchio', 'itch.io', 'https://{username}.itch.io', 'username'],
    ['roblox', 'Roblox', 'https://www.roblox.com/users/{username}/profile', 'user id'],
    ['chess', 'Chess.com', 'https://www.chess.com/member/{username}', 'username'],
  ],
  other: [
    ['website', 'Website', '{username}', 'https://example.com'],
    ['paypal', 'PayPal', 'https://paypal.me/{username}', 'PayPal.Me name'],
    ['patreon', 'Patreon', 'https://www.patreon.com/{username}', 'creator name'],
    ['kofi', 'Ko-fi', 'https://ko-fi.com/{username}', 'username'],
    ['buymeacoffee', 'Buy Me a Coffee', 'https://buymeacoffee.com/{username}', 'username'],
    ['linktree', 'Linktree', 'https://linktr.ee/{username}', 'username'],
    ['cashapp', 'Cash App', 'https://cash.app/${username}', 'cashtag (without $)'],
    ['venmo', 'Venmo', 'https://venmo.com/u/{username}', 'username'],
    ['etsy', 'Etsy', 'https://www.etsy.com/shop/{username}', 'shop name'],
    ['custom', 'Custom', '{username}', 'https://example.com/anything'],
  ],
};

export const PLATFORMS: Platform[] = PLATFORM_CATEGORIES.flatMap((category) =>
  CATALOGUE[category].map(([id, name, urlTemplate, placeholder]) => ({
    id,
    name,
    icon: iconPath(id),
    urlTemplate,
    placeholder,
    category,
  })),
);

export const DEFAULT_PLATFORM_ID = 'custom';

export const findPlatform = (id: string) => PLATFORMS.find((platform) => platform.id === id);

/** Platforms whose links take a phone number as digits only (wa.me documents no '+', spaces or dashes). */
const DIGITS_ONLY = new Set(['whatsapp']);

/**
 * What the user typed, as the platform's URL wants it: a handle loses its leading '@' (the template
 * adds one where the service's URL has it), a Mastodon address `@name@server` becomes
 * `server/@name`, and a WhatsApp number keeps its digits only.
 */
export function normaliseHandle(platform: Platform, typed: string) {
  const value = typed.trim();
  if (platform.urlTemplate === '{username}') return value;
  if (DIGITS_ONLY.has(platform.id)) return value.replace(/\D/g, '');
  if (platform.id === 'mastodon') {
    const address = /^@?([^@/\s]+)@([^@/\s]+)$/.exec(value);
    return address ? `${address[2]}/@${address[1]}` : value;
  }
  return value.replace(/^@+/, '');
}

/** The url a platform builds from what the user typed; website and custom take the whole URL. */
export const buildPlatformUrl = (platform: Platform, username: string) =>
  platform.urlTemplate.replace('{username}', normaliseHandle(platform, username));
