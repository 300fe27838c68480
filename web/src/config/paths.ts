/** Every route of the app in one table; links and redirects use getHref(). Lives in config/ so features and the app both import it without pointing up. */
export const paths = {
  home: '/',
  auth: '/auth',
  login: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  verifyOtp: '/auth/verify-otp',
  resetPassword: '/auth/reset-password',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  links: '/dashboard/links',
  themes: '/dashboard/themes',
  templates: '/dashboard/templates',
  stats: '/dashboard/stats',
  share: '/dashboard/share',
  contacts: '/dashboard/contacts',
  settings: '/dashboard/settings',
  security: '/dashboard/security',
  data: '/dashboard/data',
  // Organisations (docs/product.md, Organisations): the list, and one organisation's tabs
  // (web/src/features/orgs/tabs.tsx).
  orgs: '/dashboard/orgs',
  org: '/dashboard/orgs/:orgId',
  orgTab: '/dashboard/orgs/:orgId/:tab',
  /** The invitation mail's link (worker/services/orgs/invitations.ts) and the invite link's. */
  orgClaim: '/dashboard/claim',
  orgJoin: '/dashboard/join',
  /** 'Show my QR': the code full screen (docs/product.md §2), also the manifest's shortcut. */
  myQr: '/dashboard/qr',
  admin: '/admin',
  // The Worker's pages, not the SPA's: the dashboard links to them (the card is rendered at the edge).
  publicProfile: '/p/:username',
  qr: '/qr/:username',
  icons: '/icons',
} as const;

export type PathName = keyof typeof paths;

/** The href of a route, with its :params filled and an optional query. */
export function getHref(
  name: PathName,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
): string {
  const path = paths[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search ? `${path}?${search}` : path;
}

export const isAuthPath = (pathname: string) => pathname === paths.auth || pathname.startsWith(`${paths.auth}/`);
