import type { cards } from '../../db/schema';

/** Each field an organisation's template can hide: its column, and what the card has without it. */
const HIDEABLE: Record<string, [keyof typeof cards.$inferSelect, '' | null]> = {
  name: ['name', ''],
  job_title: ['jobTitle', ''],
  company: ['company', ''],
  phone: ['phone', ''],
  public_email: ['publicEmail', ''],
  location: ['location', ''],
  pronouns: ['pronouns', ''],
  bio: ['bio', ''],
  photo: ['avatarKey', null],
  cover: ['coverKey', null],
};

/**
 * A work card as visitors see it when its organisation's template hides fields
 * (docs/decisions/0105-org-templates.md): as if they were never filled in; hidden links leave the
 * organisation's own. Every visitor's view (page, vCard, QR, JSON, preview) is drawn from this.
 */
export function withoutHidden<L extends { orgLink: number | null }>(profile: typeof cards.$inferSelect, shown: L[]) {
  const masked: Record<string, unknown> = { ...profile };
  for (const field of profile.orgHidden ?? []) {
    const [column, none] = HIDEABLE[field] ?? [];
    if (column) masked[column] = none;
  }
  const kept = profile.orgHidden?.includes('links') ? shown.filter((link) => link.orgLink !== null) : shown;
  return [masked as typeof profile, kept] as const;
}
