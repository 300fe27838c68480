// The product's limits and defaults (docs/product.md §5 and §9), in one place for worker and web.

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 6;
/** Bounds the cost of hashing a hostile, huge password. */
export const PASSWORD_MAX = 128;
export const RESET_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;
export const BIO_MAX = 500;
/** Job title, company and location on the card (docs/product.md §5, Profile). */
export const BUSINESS_TEXT_MAX = 100;
export const PRONOUNS_MAX = 30;

export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_RESEND_SECONDS = 120;
export const OTP_MAX_WRONG = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const RESET_MAILS_PER_HOUR = 5;

// Brute-force bounds (README, Decisions: bounds). A "client" is a keyed hash of CF-Connecting-IP.
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins of one client for one account. */
export const SIGN_IN_FAILURES_PER_PAIR = 10;
/** Failed sign-ins of one client, whatever the accounts. */
export const SIGN_IN_FAILURES_PER_CLIENT = 30;
/**
 * Failed sign-ins of one account, per hour, from every device that has not signed in to it
 * before, together. Once reached, only a known device (its device cookie), a passkey or a
 * password reset gets in, so guessing from many addresses stays bounded.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 20;
/** Failed sign-ins of one known device (it signed in to the account before), per sign-in window. */
export const SIGN_IN_FAILURES_PER_DEVICE = 10;
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const REGISTRATIONS_PER_CLIENT_PER_HOUR = 20;
export const RESET_MAILS_PER_CLIENT_PER_HOUR = 10;
/** Wrong reset codes of one client, whatever the addresses, per sign-in window. */
export const OTP_FAILURES_PER_CLIENT = 20;
/**
 * Wrong reset codes for one address a day, however many codes it was sent: a new code starts a
 * new count of OTP_MAX_WRONG, so without it 5 mails an hour would allow 600 guesses a day.
 */
export const OTP_FAILURES_PER_DAY = 40;
/** Wrong second-factor codes of one waiting sign-in (its mfa_token): then it must start again. */
export const SECOND_FACTOR_FAILURES = 5;
/**
 * Wrong second-factor codes of one account from devices that never signed in to it, together:
 * per sign-in window and per day. A known device has its own budget, so the password holder's
 * codes from elsewhere cannot lock the owner out.
 */
export const SECOND_FACTOR_FAILURES_PER_ACCOUNT = 20;
export const SECOND_FACTOR_FAILURES_PER_DAY = 40;
/** Wrong second-factor codes of one client (an IPv4 address or an IPv6 /64), and of one known device, per sign-in window. */
export const SECOND_FACTOR_FAILURES_PER_CLIENT = 10;
export const SECOND_FACTOR_FAILURES_PER_DEVICE = 10;
/** Wrong codes while confirming a new authenticator app, per account per sign-in window. */
export const TOTP_CONFIRM_FAILURES = 10;
/** Passkey sign-in ceremonies one client may start per sign-in window (each stores a challenge). */
export const PASSKEY_OPTIONS_PER_CLIENT = 30;
/** Passkey registrations one account may start per sign-in window (each stores a challenge). */
export const PASSKEY_REGISTRATIONS_PER_ACCOUNT = 30;
/**
 * Offers of passkeys among the sign-in field's suggestions (conditional mediation) one client may
 * start per sign-in window, counted apart from the ceremonies above: every sign-in visit of a
 * shared network that reaches for the field makes one, and they must never cost anyone the button.
 */
export const PASSKEY_AUTOFILL_OPTIONS_PER_CLIENT = 60;
/** Wrong passwords or codes given to confirm a sensitive change, per account per sign-in window. */
export const REAUTH_FAILURES = 10;
export const PASSKEY_FAILURES_PER_CLIENT = 20;
export const EMAIL_CHANGE_MAILS_PER_HOUR = 5;

/** A username given up stays its last owner's, and its card URL redirects, this long. */
export const USERNAME_HOLD_DAYS = 90;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in waits for its second factor, and a WebAuthn ceremony for its answer. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const PASSKEYS_PER_USER_MAX = 20;
export const PASSKEY_NAME_MAX = 60;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const LINK_TITLE_MAX = 100;
export const LINK_URL_MAX = 2048;
export const LINK_ICON_MAX = 2048;
export const LINKS_PER_USER_MAX = 100;
export const RECENT_LINKS = 4;

export const DEFAULT_CUSTOM_THEME = {
  background_color: '#ffffff',
  text_color: '#000000',
  accent_color: '#0066CC',
  font_family: 'Inter, sans-serif',
} as const;
/** The owner's veil over a background image goes up to this share (percent): above it the photo is hardly seen. */
export const OVERLAY_MAX = 90;

/** #RGB or #RRGGBB (docs/product.md §5, colour input). */
export const COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const PUBLIC_FALLBACK_ACCENT = '#3b82f6';
export const PUBLIC_FALLBACK_BACKGROUND = '#ffffff';

export const FONT_FAMILIES = [
  'Inter, sans-serif',
  'Poppins, sans-serif',
  'Rubik, sans-serif',
  'DM Sans, sans-serif',
  'Nunito, sans-serif',
  'Work Sans, sans-serif',
  'Mulish, sans-serif',
  'Raleway, sans-serif',
  'Quicksand, sans-serif',
  'Merriweather, serif',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
/** The dashboard's own font (web/src/styles/index.css `--font-sans`), loaded by the app shell. */
export const APP_FONT: FontFamily = 'Inter, sans-serif';

export const QR_PALETTE = ['#000000', '#1DA1F2', '#405DE6', '#00C300', '#333333', '#E1306C'] as const;

/**
 * Usernames that would shadow the product's own paths or confuse visitors.
 * A card lives at /p/{username}, but a username also names things in mail and QR captions.
 */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'dashboard',
  'dev',
  'help',
  'icons',
  'login',
  'logout',
  'media',
  'me',
  'p',
  'qr',
  'register',
  'root',
  'settings',
  'signin',
  'signup',
  'static',
  'stats',
  'support',
  'sw',
  'system',
  'templates',
  'themes',
  'user',
  'users',
  'v1',
  'www',
  'null',
  'undefined',
  'favicon',
  'robots',
  'sitemap',
  'index',
  'public',
  'profile',
  'security',
  'account',
  'accounts',
  'sessions',
  'passkey',
  'passkeys',
  'webauthn',
  'fonts',
  'card',
  'cards',
  'cardlink',
  'official',
  'staff',
  'team',
  'moderator',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
  'noreply',
  'no-reply',
  'mail',
  'email',
  'billing',
  'about',
  'contact',
  'privacy',
  'terms',
  'legal',
  'status',
  'blog',
  'docs',
  'home',
  'new',
  'edit',
  'delete',
  'owner',
  'test',
  'verify',
  'reset-password',
  'forgot-password',
  'two-factor',
  '2fa',
  'mfa',
  'oauth',
  'callback',
  'manifest',
  'well-known',
]);

/** Reports one visitor (client hash) may file per hour, over all cards; more are not stored. */
export const REPORTS_PER_CLIENT_PER_HOUR = 5;
export const REPORT_NOTE_MAX = 1000;
export const TAKEDOWN_REASON_MAX = 500;
/** Rows per page of the console's lists (accounts and reports; the audit log). */
export const ADMIN_PAGE_SIZE = 100;
export const AUDIT_PAGE_SIZE = 200;
/**
 * What an account is, as the console shows it: a sign-up never let in ('pending'), 'active',
 * 'deactivated' by an operator (may not sign in), or active with its card 'taken_down'.
 */
export const ACCOUNT_STATES = ['pending', 'active', 'deactivated', 'taken_down'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];
/** A report is open until an operator dismisses it or acts on it (takes the card down). */
export const REPORT_STATES = ['open', 'dismissed', 'taken_down'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
/** Reasons a visitor may give for a report, with the labels the form shows. */
export const REPORT_REASONS = {
  phishing: 'Phishing or malware',
  impersonation: 'Impersonation',
  spam: 'Spam',
  other: 'Other',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/** Days in the statistics' daily series by default, today (UTC) included. */
export const STATS_DAYS = 30;

/** The periods the statistics can cover: the last 7, 30 or 90 days (today included), or all time. */
export const STATS_RANGES = ['7', '30', '90', 'all'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
