// docs/product.md §9: average clicks per link to 1 decimal, clicks per view to 2 decimals, and
// 'N/A' when the denominator is zero.
const ratio = (part: number, whole: number, decimals: number) => (whole > 0 ? (part / whole).toFixed(decimals) : 'N/A');

export const averageClicksPerLink = (clicks: number, links: number) => ratio(clicks, links, 1);
export const clicksPerView = (clicks: number, views: number) => ratio(clicks, views, 2);

/** A percentage as sent by the server (already rounded to 2 decimals), shown to 1 decimal. */
export const formatPercent = (value: number) => `${value.toFixed(1)}%`;

/** No visit and no click yet: the screen shows its empty state instead of zeros. */
export const hasNoActivity = (stats: { profile_views: number; link_clicks: number }) =>
  stats.profile_views === 0 && stats.link_clicks === 0;

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

export function countryName(code: string) {
  if (code === 'unknown' || !/^[A-Z]{2}$/i.test(code)) return 'Unknown';
  try {
    return regionNames?.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

const CHANNELS: Record<string, string> = {
  qr: 'QR code',
  nfc: 'NFC',
  email: 'Email',
  link: 'Shared link',
  referral: 'Referral',
  direct: 'Direct',
};
export const channelName = (name: string) => CHANNELS[name] ?? name;

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
