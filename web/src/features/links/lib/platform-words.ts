import type { LinksKey } from '@shared/i18n/compiled/keys';
import type { Platform } from '@shared/platforms';
import { words } from '@/lib/i18n';

const t = words('links');

// The catalogue (shared/platforms.ts) is English. Brands keep their names in every language,
// but four entries are plain words ('Email', 'Phone', 'Website', 'Custom'), and the field's
// placeholder describes what to type ('username (without @)'): those speak the app's language.
const NAME_KEYS: Partial<Record<string, LinksKey>> = {
  email: 'links.platform_email',
  phone: 'links.platform_phone',
  website: 'links.platform_website',
  custom: 'links.platform_custom',
};

/** Placeholders that describe what to type, by their English; examples ('+1234567890') stay. */
export const PLACEHOLDER_KEYS: Record<string, LinksKey> = {
  username: 'links.hint_username',
  'username (without @)': 'links.hint_username_no_at',
  'username (without u/)': 'links.hint_username_no_u',
  'username or page name': 'links.hint_username_or_page',
  'username or id': 'links.hint_username_or_id',
  'user id': 'links.hint_user_id',
  'account id': 'links.hint_account_id',
  'profile id (~01...)': 'links.hint_profile_id',
  'PSN id': 'links.hint_psn_id',
  'LINE id': 'links.hint_line_id',
  workspace: 'links.hint_workspace',
  'phone number with country code': 'links.hint_phone_country',
  'shop name': 'links.hint_shop',
  'publication name': 'links.hint_publication',
  'profile name from your URL': 'links.hint_profile_from_url',
  'invite code': 'links.hint_invite',
  'custom URL name': 'links.hint_custom_url',
  'creator name': 'links.hint_creator',
  'channel handle (without @)': 'links.hint_channel',
  'cashtag (without $)': 'links.hint_cashtag',
  'blog name': 'links.hint_blog',
  'artist name': 'links.hint_artist',
  'PayPal.Me name': 'links.hint_paypal',
  gamertag: 'links.hint_gamertag',
};

/** A platform's name as the picker shows it. */
export function platformName(platform: Platform): string {
  const key = NAME_KEYS[platform.id];
  return key ? t(key) : platform.name;
}

/** What the platform's field asks for, in the app's language. */
export function platformPlaceholder(platform: Platform): string {
  const key = PLACEHOLDER_KEYS[platform.placeholder];
  return key ? t(key) : platform.placeholder;
}
