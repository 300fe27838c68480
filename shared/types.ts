// Response shapes of the /v1 API (docs/product.md §3 and §7), shared by the Worker's serializers
// and the web app's fetchers.

export type Theme = {
  id: number;
  name: string;
  background_color: string;
  text_color: string;
  accent_color: string;
  font_family: string;
  background_image: string | null;
  is_default: boolean;
};

export type CustomTheme = {
  background_color: string;
  text_color: string;
  accent_color: string;
  font_family: string;
  background_image?: string | null;
};

export type TemplateConfig = {
  layout: 'single-column' | 'two-column';
  showAvatar: boolean;
  avatarPosition: string;
};

export type Template = {
  id: number;
  name: string;
  description: string;
  thumbnail_url: string;
  thumbnail: string;
  config: TemplateConfig;
};

export type ProfileSummary = {
  username: string;
  name: string;
  bio: string;
  avatar_url: string | null;
  avatar: string | null;
  cover_image_url: string | null;
  is_active: boolean;
};

export type User = {
  id: string;
  name: string;
  username: string;
  email: string;
  bio: string;
  is_active: boolean;
  status: 'active' | 'pending';
  avatar_url: string | null;
  avatar: string | null;
  cover_image_url: string | null;
  theme_id: number | null;
  theme: Theme | null;
  custom_theme: CustomTheme | null;
  template_id: number | null;
  template: Template | null;
  views: number;
  /** 'Let visitors share their contact': the card shows 'Share your contact'. */
  contact_exchange?: boolean;
  created_at: string | null;
  last_viewed_at: string | null;
  /** An operator (the dashboard offers the admin console). */
  is_admin?: boolean;
  /** Set when an operator took the card down, with the reason its owner sees. */
  takedown?: { reason: string; at: string } | null;
  profile?: ProfileSummary;
};

/** The admin console's rows (GET /v1/admin/*). */
export type AdminAccount = {
  id: string;
  email: string;
  status: 'active' | 'pending';
  is_admin: boolean;
  username: string | null;
  name: string | null;
  created_at: string | null;
  taken_down_at: string | null;
  takedown_reason: string | null;
};
export type AdminReport = {
  id: number;
  account_id: string;
  username: string;
  reason: 'phishing' | 'impersonation' | 'spam' | 'other';
  note: string;
  created_at: string | null;
};
export type AdminFlaggedLink = {
  id: number;
  title: string;
  url: string;
  account_id: string;
  username: string;
  matched: string | null;
  flagged_at: string | null;
};
export type AdminAuditEntry = {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  target_id: string | null;
  reason: string;
  created_at: string | null;
};

export type Link = {
  id: number;
  title: string;
  url: string;
  icon: string;
  display_order: number;
  is_active: boolean;
  /** Visitors' clicks, as counted so far (the owner's list only). */
  clicks?: number;
};

export type PublicProfile = {
  name: string;
  username: string;
  bio: string;
  avatar_url: string | null;
  avatar: string | null;
  cover_image_url: string | null;
  /** Tiny blurred previews as data: URIs, drawn while the images load. */
  avatar_placeholder?: string | null;
  cover_placeholder?: string | null;
  links: Link[];
  custom_theme: CustomTheme | null;
  theme: Theme | null;
  template: Template | null;
  /** The card offers 'Share your contact' (/p/{username}/contact). */
  contact_exchange?: boolean;
};

export type AuthResponse = {
  success: boolean;
  message?: string;
  token?: string;
  refresh_token?: string;
  user?: User;
  /** The password was right and a second factor is on: finish at /v1/auth/login/second-factor. */
  mfa_required?: boolean;
  mfa_token?: string;
  mfa_methods?: string[];
};

/** A sign-in waiting for its second factor. */
export type SecondFactorChallenge = { token: string; methods: string[]; message: string };

export type DataResponse<T> = { success: boolean; data: T; message?: string };

/** GET /v1/config: what an operator configures at run time and the app shows (wrangler.toml [vars]). */
export type PublicConfig = {
  /** The support contacts for an account pending activation; null when not configured. */
  support: { email: string | null; whatsapp: string | null };
};
