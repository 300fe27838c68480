// First-load JavaScript of each screen of the SPA, from the client build's chunk graph
// (dist/client-chunks.json, written by vite.config.ts): the entry's static imports plus those of
// every module the screen loads to become usable (its route modules, then the lazy chunks it
// fetches straight away, such as the link and profile forms), gzip-compressed as a browser
// would receive them.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/**
 * Each chunk: the module it was made for (`src`, null for a shared chunk), its imports, and the
 * modules it holds (a module imported dynamically may share a chunk with others, so a screen's
 * module is looked up there too).
 */
type Graph = Record<string, { src: string | null; imports: string[]; dynamicImports: string[]; modules?: string[] }>;

// 200 KB until small shared chunks were copied into their importers (build/chunking.ts): the
// profile screen's first load came in 29 files instead of 60 and 0.3 KB heavier, from the wrappers
// that keep the modules' order (docs/decisions/0096).
export const DASHBOARD_BUDGET_BYTES = 201 * 1024;
// Profile Settings, the screen that draws the most beside its preview, 3 KB more since every
// preview draws in the card's own font, at both widths, from a bar on the phone, and the preview
// draws the company logo, the theme's buttons, gradient and pattern and the veil over a background
// image (docs/decisions/0095): measured 203.6 KB with them. Its largest part is the form library
// (react-hook-form), which no other screen needs: the next room to make. 206 KB since the card
// draws sections, the social row, the highlight and a scheduled link's state (docs/decisions/0101):
// measured 205.4 KB with them; 202.3 KB with a player's face and the chunk groups of decision 0096.
export const PROFILE_BUDGET_BYTES = 206 * 1024;
// Settings, with the account's API tokens and webhooks (docs/decisions/0097, 0098): measured 204.9 KB.
// The next room to make: the webhook dialogs and the delivery log load on demand.
export const SETTINGS_BUDGET_BYTES = 205 * 1024;
/** What a newcomer meets first loads less: the landing page, then the sign-in screens. */
export const LANDING_BUDGET_BYTES = 100 * 1024;
// 150 KB until the screens spoke six languages (languages may add at most 5 KB); they
// grew 4.8 KB, counting each area's words in its largest language (docs/decisions/0078). 153 KB
// since the app's calls name the card in view (docs/decisions/0091: 0.7 KB, in every screen the
// app takes over).
export const AUTH_BUDGET_BYTES = 153 * 1024;

/** The budget a screen's first load is held to. */
export function budgetOf(path: string): number | undefined {
  if (path === '/') return LANDING_BUDGET_BYTES;
  if (path.startsWith('/auth/')) return AUTH_BUDGET_BYTES;
  if (path === '/dashboard/profile') return PROFILE_BUDGET_BYTES;
  if (path === '/dashboard/settings') return SETTINGS_BUDGET_BYTES;
  if (path.startsWith('/dashboard') || path === '/admin') return DASHBOARD_BUDGET_BYTES;
  return undefined;
}

/** Screens served from an HTML page of their own rather than the app's index.html. */
const OWN_PAGE: Record<string, string> = {
  '/': 'web/landing.html',
  '/auth/login': 'web/auth.html',
  '/auth/register': 'web/auth.html',
  '/auth/forgot-password': 'web/auth.html',
  '/admin': 'web/admin.html',
};
/**
 * Pages rendered at build time that the whole app takes over on the visitor's first move (the
 * sign-in screens, web/src/auth-boot.ts): their figure counts the page's entry and the app's.
 */
const TAKEN_OVER = new Set(['/auth/login', '/auth/register', '/auth/forgot-password']);

const SRC = 'web/src/';
const DASHBOARD_LAYOUT = 'app/routes/dashboard/layout.tsx';
const AUTH_LAYOUT = 'app/routes/auth/layout.tsx';

/**
 * Each screen: the modules (under web/src/) it loads before it is usable, in load order. A
 * dashboard screen's lazy chunks that render at once belong here; a chunk fetched only on a
 * user's action goes in ON_DEMAND instead, and the budget test fails for any lazy chunk that is
 * in neither, so the figure cannot quietly leave one out.
 */
export const SCREENS: Record<string, string[]> = {
  // The prerendered landing page (web/landing.html): its entry, then the hydration it loads.
  '/': ['landing/hydrate.tsx'],
  '/auth/login': [AUTH_LAYOUT, 'app/routes/auth/login.tsx'],
  '/auth/register': [AUTH_LAYOUT, 'app/routes/auth/register.tsx'],
  '/auth/forgot-password': [AUTH_LAYOUT, 'app/routes/auth/forgot-password.tsx'],
  '/auth/verify-otp': [AUTH_LAYOUT, 'app/routes/auth/verify-otp.tsx'],
  '/auth/reset-password': [AUTH_LAYOUT, 'app/routes/auth/reset-password.tsx'],
  '/icons': ['app/routes/icons.tsx'],
  '/no-such-page (Page Not Found)': ['app/routes/not-found.tsx'],
  '/dashboard': [DASHBOARD_LAYOUT, 'app/routes/dashboard/overview.tsx'],
  '/dashboard/profile': [
    DASHBOARD_LAYOUT,
    'app/routes/dashboard/profile.tsx',
    'features/profile/components/profile-form.tsx',
  ],
  '/dashboard/links': [DASHBOARD_LAYOUT, 'app/routes/dashboard/links.tsx'],
  '/dashboard/themes': [DASHBOARD_LAYOUT, 'app/routes/dashboard/themes.tsx'],
  '/dashboard/templates': [DASHBOARD_LAYOUT, 'app/routes/dashboard/templates.tsx'],
  '/dashboard/stats': [DASHBOARD_LAYOUT, 'app/routes/dashboard/stats.tsx'],
  '/dashboard/settings': [DASHBOARD_LAYOUT, 'app/routes/dashboard/settings.tsx'],
  '/dashboard/security': [DASHBOARD_LAYOUT, 'app/routes/dashboard/security.tsx'],
  '/dashboard/data': [DASHBOARD_LAYOUT, 'app/routes/dashboard/data.tsx'],
  '/dashboard/share': [DASHBOARD_LAYOUT, 'app/routes/dashboard/share.tsx'],
  '/dashboard/contacts': [DASHBOARD_LAYOUT, 'app/routes/dashboard/contacts.tsx'],
  '/dashboard/orgs': [DASHBOARD_LAYOUT, 'app/routes/dashboard/orgs.tsx'],
  // An organisation's first tab, its own chunk behind the organisation's frame.
  '/dashboard/orgs/{id}/members': [
    DASHBOARD_LAYOUT,
    'app/routes/dashboard/org.tsx',
    'features/orgs/components/members-tab.tsx',
  ],
  // The operators' console: a page of its own (web/admin.html), never part of a user's screen.
  '/admin': ['app/routes/admin.tsx'],
};

/**
 * Lazy chunks a screen fetches only on a user's action, so outside its first load: the forms'
 * validation (zod and the schema) loads when a form is first focused (web/src/lib/lazy-resolver.ts).
 */
export const ON_DEMAND: string[] = [
  // A form's errors in the app's language, when one is first shown in a language other than English.
  'lib/field-errors.ts',
  // Manage Links' form, when 'New Link' or a row's Edit opens it.
  'features/links/components/link-form.tsx',
  // ... and its header form, when 'Add header' or a header's Edit opens it.
  'features/links/components/header-form.tsx',
  // Manage Links' drag and drop (dnd-kit), fetched once the painted list is idle (or at its first
  // touch): after the screen is usable, before the first drag.
  'features/links/components/sortable-links.tsx',
  // Profile and Themes: a chosen photo (or background) made smaller in the browser before it is sent.
  'lib/shrink-photo.ts',
  'components/upload-progress.tsx',
  // The header's 'Download QR': the card island's exporter (and qr-code-styling) on first use.
  'island/qr-image.ts',
  // ... and the company logo's square in its middle, when the logo is the code's centre.
  'island/qr-logo.ts',
  'features/profile/lib/profile-form-schema.ts',
  'features/links/lib/link-form-schema.ts',
  // Security: the forms' validation, the QR code of the authenticator set-up, the passkey ceremony.
  'features/security/lib/security-schemas.ts',
  'features/security/lib/qr-svg.ts',
  'lib/webauthn.ts',
  // Sign-in with a passkey: on the button's press or the e-mail field's first focus.
  'features/auth/api/passkey-sign-in.ts',
  // Sign-in's second step, for accounts with a second factor, after the password.
  'features/auth/components/second-factor-form.tsx',
  // The sign-in screens' validation, and the dialog of a sign-in pending activation.
  'features/auth/lib/auth-form-schemas.ts',
  'features/auth/components/activation-dialog.tsx',
  'features/profile/components/crop-dialog.tsx',
  // 'New card' (the header's card switcher), on its first opening.
  'features/cards/components/new-card-dialog.tsx',
  // An organisation's other tabs, each on its first opening (web/src/features/orgs/tabs.tsx).
  'features/orgs/components/settings-tab.tsx',
  'features/orgs/template/template-screen.tsx',
  'features/orgs/template/template-editor.tsx',
  'features/orgs/contacts/org-contacts-screen.tsx',
  'features/orgs/analytics/org-analytics-screen.tsx',
  // The toaster, with sonner, on the first toast (components/toast.ts).
  'components/toaster.tsx',
  // The logout confirmation, on the first 'Log out'.
  'features/shell/components/logout-dialog.tsx',
  // The phone's navigation sheet, once the screen is idle (or at its first opening).
  'features/shell/components/mobile-nav.tsx',
  // Radix's dialog behind components/ui/lazy-dialog.tsx (the phone's preview, the leave-guard's
  // question), when one first opens (or, for the leave guard, at the form's first edit).
  'components/ui/dialog-on-demand.ts',
  // Share: the QR code with its downloads, fetched as the screen is drawn (the code shows without
  // a tap, a moment after the screen is usable); the virtual background's preview and downloads,
  // on 'Show preview'.
  'features/share/components/qr-panel.tsx',
  'features/share/components/virtual-background-panel.tsx',
  // Profile: the company logo's field, below the photo, fetched as the screen is drawn (it shows a
  // moment after the screen is usable, in a box of its height).
  'features/profile/components/logo-field.tsx',
  // The preview's veil over a background image, only for a card that has one (a card without,
  // as measured here, never loads it).
  'lib/image-veil.ts',
];

/**
 * The areas of words (web/src/lib/i18n.ts) a screen loads with its code, in the one language the
 * app speaks: the figure counts each area's largest language, so it holds in every language.
 */
export function areasOf(path: string): string[] {
  if (path === '/admin') return ['app', 'shell'];
  if (path === '/') return ['app', 'landing'];
  // The code and reset screens open with the words the others fetch on demand (area signin).
  if (path === '/auth/verify-otp' || path === '/auth/reset-password') return ['app', 'auth', 'signin'];
  if (path === '/auth/login') return ['app', 'auth', 'login'];
  if (path === '/auth/register') return ['app', 'auth', 'register'];
  if (path === '/auth/forgot-password') return ['app', 'auth', 'forgot'];
  if (path.startsWith('/auth/')) return ['app', 'auth'];
  // The overview lists the account's cards, with their words.
  if (path === '/dashboard') return ['app', 'shell', 'stats', 'cards'];
  const area: Record<string, string> = {
    '/dashboard': 'stats',
    '/dashboard/profile': 'profile',
    '/dashboard/links': 'links',
    '/dashboard/themes': 'looks',
    '/dashboard/templates': 'looks',
    '/dashboard/stats': 'stats',
    '/dashboard/share': 'share',
    '/dashboard/contacts': 'stats',
    '/dashboard/settings': 'account',
    '/dashboard/security': 'account',
    '/dashboard/data': 'account',
    '/dashboard/orgs': 'orgs',
    '/dashboard/orgs/{id}/members': 'orgs',
  };
  return ['app', 'shell', ...(area[path] ? [area[path]] : [])];
}
/** A compiled words module: its area and its language (shared/i18n/compiled/<area>/<language>.ts). */
const WORDS_MODULE = /\/shared\/i18n\/compiled\/([a-z-]+)\/([a-z-]+)\.ts$/;
/** The words modules a chunk holds: its own, or several areas' (build/chunking.ts groups some). */
const wordsOf = (chunk: Graph[string] | undefined) =>
  [chunk?.src ?? '', ...(chunk?.modules ?? [])].flatMap((id) => {
    const [, area, language] = WORDS_MODULE.exec(id) ?? [];
    return area && language ? [{ area, language }] : [];
  });

/** Packages loaded only on a user's action, by the modules above (their chunks, like theirs, are not first load). */
export const ON_DEMAND_PACKAGES: string[] = ['qr-code-styling'];

export type ChunkGraph = Graph;
export type ScreenLoad = {
  path: string;
  /** Chunk files of the first load. */
  chunks: string[];
  files: number;
  bytes: number;
  /** Lazy chunks reachable from the first load that the screen's list does not account for. */
  unlisted: string[];
};

/** First-load gzip bytes per screen, given the chunk graph and each chunk's gzip size. */
export function measureFirstLoad(graph: Graph, gzipSize: (file: string) => number): ScreenLoad[] {
  const bySource = new Map(Object.entries(graph).map(([file, chunk]) => [chunk.src, file]));
  for (const [file, chunk] of Object.entries(graph))
    for (const module of chunk.modules ?? []) if (!bySource.has(module)) bySource.set(module, file);
  const fileOf = (module: string) => {
    const file = bySource.get(`${SRC}${module}`);
    if (!file) throw new Error(`no chunk for ${SRC}${module}`);
    return file;
  };
  const closure = (file: string, seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of graph[file]?.imports ?? []) closure(next, seen);
  };
  const entryOf = (page: string) => {
    const file = bySource.get(page);
    if (!file) throw new Error(`the build has no ${page} entry`);
    return file;
  };
  const appEntry = entryOf('web/index.html');
  // The entry's own dynamic imports are the routes: each screen names the ones it opens.
  const routes = new Set(graph[appEntry]?.dynamicImports ?? []);
  const onDemand = new Set([
    ...ON_DEMAND.map(fileOf),
    ...Object.entries(graph)
      .filter(([, chunk]) => ON_DEMAND_PACKAGES.some((name) => chunk.src?.includes(`/node_modules/${name}/`)))
      .map(([file]) => file),
  ]);
  return Object.entries(SCREENS).map(([path, modules]) => {
    const files = new Set<string>();
    closure(OWN_PAGE[path] ? entryOf(OWN_PAGE[path]) : appEntry, files);
    if (TAKEN_OVER.has(path)) closure(appEntry, files);
    for (const module of modules) closure(fileOf(module), files);
    // Its areas' words, and the language's module that names them (web/src/lib/i18n.ts), in the
    // language whose files for them weigh most (a file may hold several areas' words).
    const areas = areasOf(path);
    const wanted = new Set(areas.length > 0 ? ['areas', ...areas] : []);
    const byLanguage = new Map<string, Set<string>>();
    for (const [file, chunk] of Object.entries(graph))
      for (const { area, language } of wordsOf(chunk))
        if (wanted.has(area)) byLanguage.set(language, (byLanguage.get(language) ?? new Set()).add(file));
    const weight = (set: Set<string>) => [...set].reduce((sum, file) => sum + gzipSize(file), 0);
    const heaviest = [...byLanguage.values()].sort((a, b) => weight(b) - weight(a))[0];
    for (const file of heaviest ?? []) closure(file, files);
    // The other languages' words are alternatives to the one counted, never loaded beside it.
    const unlisted = [...files]
      .flatMap((file) => graph[file]?.dynamicImports ?? [])
      .filter((lazy) => !files.has(lazy) && !routes.has(lazy) && !onDemand.has(lazy))
      .filter((lazy) => wordsOf(graph[lazy]).length === 0);
    const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    return { path, chunks: [...files], files: files.size, bytes, unlisted: [...new Set(unlisted)] };
  });
}

/** The same, read from the last `vite build` (dist/client-chunks.json and dist/client). */
export function firstLoad(distDir = 'dist') {
  const graph = JSON.parse(readFileSync(`${distDir}/client-chunks.json`, 'utf8')) as Graph;
  return measureFirstLoad(graph, (file) => gzipSync(readFileSync(`${distDir}/client/${file}`)).length);
}
