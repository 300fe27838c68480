import { detectPlatform } from '@shared/platform-detect';
import { DEFAULT_ICON, findPlatform } from '@shared/platforms';
import { directionOf } from '@shared/i18n/languages';
import { isAllowedLinkUrl, isOwnImagePath } from '@shared/link-rules';
import { shorten } from '@shared/shorten';
import { DEFAULT_SIGNATURE_LAYOUT, type SignatureLayout } from '@shared/signature-layouts';
import { appLanguage, words } from '@/lib/i18n';
import { legibleOn, longHex } from '@shared/colour';

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
  /** The company logo's JPEG on this product: the banner layout draws it when there is no photo. */
  logoUrl?: string | null;
  /** The layout (shared/signature-layouts.ts); null or absent: the standard one. */
  layout?: SignatureLayout | null;
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

/** What every layout draws from: the input checked, escaped and made safe once. */
function partsOf(input: SignatureInput) {
  const rtl = directionOf(appLanguage()) === 'rtl';
  const ltr = rtl ? ' dir="ltr"' : '';
  const link = 'color:#1f2937;text-decoration:none';
  return {
    rtl,
    ltr,
    card: escapeHtml(emailCardUrl(input.origin, input.username, input.address)),
    // A mail is read on white: a theme's accent made for a dark card is darkened until it reads there.
    accent: legibleOn(longHex(input.accent ?? '') ?? '#2563eb', '#ffffff'),
    // The banner draws the company logo when the card has no photo; both only from this product.
    avatar: ownImage(input.origin, input.avatarUrl),
    logo: ownImage(input.origin, input.logoUrl ?? null),
    name: escapeHtml(input.name),
    bio: escapeHtml(bioLine(input.bio)),
    role: escapeHtml(input.role?.trim() ?? ''),
    reach: [
      input.phone?.e164
        ? `<a href="tel:${escapeHtml(input.phone.e164)}"${ltr} style="${link}">${escapeHtml(input.phone.display || input.phone.e164)}</a>`
        : '',
      input.email
        ? `<a href="mailto:${escapeHtml(input.email)}"${ltr} style="${link}">${escapeHtml(input.email)}</a>`
        : '',
    ].filter(Boolean),
    links: input.links.filter((each) => isAllowedLinkUrl(each.url)).slice(0, SIGNATURE_LINKS_MAX),
    view: escapeHtml(t('share.sig_view_card')),
  };
}
type Parts = ReturnType<typeof partsOf>;

const table = (p: Parts, rows: string) =>
  `<table cellpadding="0" cellspacing="0" border="0" role="presentation"${p.rtl ? ' dir="rtl"' : ''} style="border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.4;color:#1f2937">${rows}</table>`;

const icons = (p: Parts, origin: string, size: number) =>
  p.links
    .map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" style="text-decoration:none;display:inline-block;margin:${p.rtl ? '0 0 0 6px' : '0 6px 0 0'}"><img src="${escapeHtml(iconUrl(origin, link))}" width="${size}" height="${size}" alt="${escapeHtml(link.title)}" style="display:block;width:${size}px;height:${size}px;border:0"></a>`,
    )
    .join('');

const viewLink = (p: Parts) =>
  `<a href="${p.card}" style="color:${p.accent};font-weight:bold;text-decoration:none">${p.view}</a>`;

/** The photo beside the name, role, bio, phone and e-mail, the links' icons and 'View my card'. */
function standard(p: Parts, origin: string) {
  const row = icons(p, origin, 20);
  const photo = p.avatar
    ? `<td style="padding:${p.rtl ? '0 0 0 14px' : '0 14px 0 0'};vertical-align:top"><a href="${p.card}" style="text-decoration:none"><img src="${escapeHtml(p.avatar)}" width="72" height="72" alt="${p.name}" style="display:block;width:72px;height:72px;border-radius:36px;border:0"></a></td>`
    : '';
  return table(
    p,
    [
      '<tr>',
      photo,
      '<td style="vertical-align:top">',
      `<div style="font-size:16px;font-weight:bold;color:#111827">${p.name}</div>`,
      p.role ? `<div style="color:#374151;font-weight:bold">${p.role}</div>` : '',
      p.bio ? `<div style="color:#4b5563">${p.bio}</div>` : '',
      p.reach.length ? `<div style="padding:2px 0 0 0">${p.reach.join(' &middot; ')}</div>` : '',
      row ? `<div style="padding:6px 0 0 0">${row}</div>` : '',
      `<div style="padding:6px 0 0 0">${viewLink(p)}</div>`,
      '</td>',
      '</tr>',
    ].join(''),
  );
}

/** One line of text: no photo, no icons, the card's link at its end. */
function compact(p: Parts) {
  const bits = [`<b style="color:#111827">${p.name}</b>`, p.role, ...p.reach, viewLink(p)].filter(Boolean);
  return table(p, `<tr><td style="white-space:nowrap">${bits.join(' &middot; ')}</td></tr>`);
}

/** The photo (or the company logo) larger above, the name in the accent, the links as larger icons. */
function banner(p: Parts, origin: string) {
  const image = p.avatar ?? p.logo;
  const round = p.avatar ? 'border-radius:48px;' : '';
  const row = icons(p, origin, 28);
  return table(
    p,
    [
      image
        ? `<tr><td style="padding:0 0 8px 0"><a href="${p.card}" style="text-decoration:none"><img src="${escapeHtml(image)}" width="96" height="96" alt="${p.name}" style="display:block;width:96px;height:96px;${round}border:0"></a></td></tr>`
        : '',
      `<tr><td style="font-size:18px;font-weight:bold;color:${p.accent}">${p.name}</td></tr>`,
      p.role ? `<tr><td style="color:#374151">${p.role}</td></tr>` : '',
      p.reach.length ? `<tr><td style="padding:2px 0 0 0">${p.reach.join(' &middot; ')}</td></tr>` : '',
      row ? `<tr><td style="padding:8px 0 0 0">${row}</td></tr>` : '',
      `<tr><td style="padding:8px 0 0 0">${viewLink(p)}</td></tr>`,
    ].join(''),
  );
}

/** The signature in the card's layout (shared/signature-layouts.ts); the standard one when none is set. */
export function signatureHtml(input: SignatureInput): string {
  const p = partsOf(input);
  const layout = input.layout ?? DEFAULT_SIGNATURE_LAYOUT;
  if (layout === 'compact') return compact(p);
  if (layout === 'banner') return banner(p, input.origin);
  return standard(p, input.origin);
}

/** The same signature as plain text, for mail programs that paste text only. */
export function signatureText(input: SignatureInput): string {
  const compact = input.layout === 'compact';
  return [
    input.name,
    input.role?.trim() ?? '',
    compact ? '' : bioLine(input.bio),
    [input.phone?.display || input.phone?.e164, input.email].filter(Boolean).join(' · '),
    t('share.sig_view_card_text', { url: emailCardUrl(input.origin, input.username, input.address) }),
  ]
    .filter(Boolean)
    .join(compact ? ' · ' : '\n');
}
