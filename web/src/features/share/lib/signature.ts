import { detectPlatform } from '@shared/platform-detect';
import { DEFAULT_ICON, findPlatform } from '@shared/platforms';
import { directionOf } from '@shared/i18n/languages';
import { isAllowedLinkUrl, isOwnImagePath } from '@shared/link-rules';
import { shorten } from '@shared/shorten';
import { appLanguage, words } from '@/lib/i18n';

// The e-mail signature. Mail programs drop <style> blocks and scripts and
// differ in almost everything else, so the signature is a table with inline styles only, and
// every image is one this product serves (the avatar's JPEG, the platform icons), so it never
// names another host. Text is escaped: it is the owner's own, but HTML all the same. Its fixed
// words ('View my card') are in the app's language; in Arabic the table runs right to left, with
// the phone and the address kept left to right so their digits and signs stay in order.

const t = words('share');

export const SIGNATURE_LINKS_MAX = 5;

export type SignatureInput = {
  origin: string;
  /** The card's address (its own domain once active); /p/{username} here when not given. */
  address?: string;
  name: string;
  username: string;
  bio: string;
  /** Title and company, as the card shows them ('Head of Design · Acme'); '' for neither. */
  role?: string;
  /** The card's phone: E.164 for the link, and as people read it. */
  phone?: { e164: string; display: string } | null;
  /** The address shown on the card. */
  email?: string;
  /** The avatar's JPEG on this product, or null. */
  avatarUrl: string | null;
  links: { title: string; url: string; icon: string }[];
  /** Text colour of 'View my card'. */
  accent?: string;
};

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The first line of the bio, shortened to a signature's length. */
export function bioLine(bio: string, max = 120) {
  const line =
    bio
      .split('\n')
      .find((part) => part.trim())
      ?.trim() ?? '';
  return shorten(line, max);
}

/** An image URL on this product: the link's own icon when it is ours, else its platform's. */
function iconUrl(origin: string, link: { url: string; icon: string }) {
  if (isOwnImagePath(link.icon)) return `${origin}${link.icon}`;
  const platform = findPlatform(detectPlatform({ url: link.url, icon: link.icon }).platformId);
  return `${origin}${platform && platform.id !== 'custom' ? platform.icon : DEFAULT_ICON}`;
}

/** The card's address for e-mail: counted in the statistics under the e-mail channel. */
export const emailCardUrl = (origin: string, username: string, address = `${origin}/p/${username}`) =>
  `${address}?src=email`;

/** Only an avatar this product serves (never someone else's host in a signature). */
const ownImage = (origin: string, url: string | null) => (url && url.startsWith(`${origin}/`) ? url : null);

export function signatureHtml(input: SignatureInput): string {
  const rtl = directionOf(appLanguage()) === 'rtl';
  const ltr = rtl ? ' dir="ltr"' : '';
  const card = escapeHtml(emailCardUrl(input.origin, input.username, input.address));
  const accent = /^#[0-9a-f]{3,8}$/i.test(input.accent ?? '') ? (input.accent as string) : '#2563eb';
  const avatar = ownImage(input.origin, input.avatarUrl);
  const bio = bioLine(input.bio);
  const role = input.role?.trim() ?? '';
  const reach = [
    input.phone?.e164
      ? `<a href="tel:${escapeHtml(input.phone.e164)}"${ltr} style="color:#1f2937;text-decoration:none">${escapeHtml(input.phone.display || input.phone.e164)}</a>`
      : '',
    input.email
      ? `<a href="mailto:${escapeHtml(input.email)}"${ltr} style="color:#1f2937;text-decoration:none">${escapeHtml(input.email)}</a>`
      : '',
  ]
    .filter(Boolean)
    .join(' &middot; ');
  const icons = input.links
    .filter((link) => isAllowedLinkUrl(link.url))
    .slice(0, SIGNATURE_LINKS_MAX)
    .map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" style="text-decoration:none;display:inline-block;margin:${rtl ? '0 0 0 6px' : '0 6px 0 0'}"><img src="${escapeHtml(iconUrl(input.origin, link))}" width="20" height="20" alt="${escapeHtml(link.title)}" style="display:block;width:20px;height:20px;border:0"></a>`,
    )
    .join('');
  const photo = avatar
    ? `<td style="padding:${rtl ? '0 0 0 14px' : '0 14px 0 0'};vertical-align:top"><a href="${card}" style="text-decoration:none"><img src="${escapeHtml(avatar)}" width="72" height="72" alt="${escapeHtml(input.name)}" style="display:block;width:72px;height:72px;border-radius:36px;border:0"></a></td>`
    : '';
  return [
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation"${rtl ? ' dir="rtl"' : ''} style="border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.4;color:#1f2937">`,
    '<tr>',
    photo,
    '<td style="vertical-align:top">',
    `<div style="font-size:16px;font-weight:bold;color:#111827">${escapeHtml(input.name)}</div>`,
    role ? `<div style="color:#374151;font-weight:bold">${escapeHtml(role)}</div>` : '',
    bio ? `<div style="color:#4b5563">${escapeHtml(bio)}</div>` : '',
    reach ? `<div style="padding:2px 0 0 0">${reach}</div>` : '',
    icons ? `<div style="padding:6px 0 0 0">${icons}</div>` : '',
    `<div style="padding:6px 0 0 0"><a href="${card}" style="color:${accent};font-weight:bold;text-decoration:none">${escapeHtml(t('share.sig_view_card'))}</a></div>`,
    '</td>',
    '</tr>',
    '</table>',
  ].join('');
}

/** The same signature as plain text, for mail programs that paste text only. */
export function signatureText(input: SignatureInput): string {
  return [
    input.name,
    input.role?.trim() ?? '',
    bioLine(input.bio),
    [input.phone?.display || input.phone?.e164, input.email].filter(Boolean).join(' · '),
    t('share.sig_view_card_text', { url: emailCardUrl(input.origin, input.username, input.address) }),
  ]
    .filter(Boolean)
    .join('\n');
}
