import type { z } from 'zod';
import type { cookieSignedInResponse, secondFactorRequiredResponse, signedInResponse } from './schemas/auth';
import type { dataEnvelope } from './schemas/responses';

// Response shapes of the /v1 API (docs/product.md §3 and §7), shared by the Worker's serializers
// and the web app's fetchers. Each is its schema's type (shared/schemas/<resource>.ts): the
// schema is the contract, this file only names it for code that wants the type without zod.

export type { Theme, CustomTheme, TemplateConfig, Template } from './schemas/themes';
export type { User, ProfileSummary } from './schemas/user';
export type {
  AdminAccount,
  AdminAccountCard,
  AdminAccountsPage,
  AdminAuditEntry,
  AdminAuditPage,
  AdminFlaggedLink,
  AdminReport,
  AdminReportsPage,
} from './schemas/admin';
export type { PlatformStatus } from './schemas/health';
export type { Link, PublicLink } from './schemas/links';
export type { PublicProfile } from './schemas/public-card';
export type { PublicConfig } from './schemas/config';
export type { ErrorResponse } from './schemas/responses';

type SignedIn = z.infer<typeof signedInResponse>;
type CookieSignedIn = z.infer<typeof cookieSignedInResponse>;
type SecondFactorRequired = z.infer<typeof secondFactorRequiredResponse>;

/**
 * Any answer of a sign-in or registration, as a client reads it before it knows which one came:
 * signed in (the tokens or, to the web app, `session: 'cookie'`, and the user), pending activation
 * (user, no tokens), or a second factor to give.
 */
export type AuthResponse = { success: boolean } & Partial<
  Omit<SignedIn & Pick<CookieSignedIn, 'session'> & SecondFactorRequired, 'success'>
>;

/** A sign-in waiting for its second factor: the answer's token, methods and message. */
export type SecondFactorChallenge = {
  token: SecondFactorRequired['mfa_token'];
  methods: SecondFactorRequired['mfa_methods'];
  message: SecondFactorRequired['message'];
};

export type DataResponse<T> = Omit<z.infer<typeof dataEnvelope>, 'data'> & { data: T };
