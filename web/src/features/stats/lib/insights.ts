import { intlLocale, words } from '@/lib/i18n';

const t = words('stats');

// docs/product.md §9: average clicks per link to 1 decimal, clicks per view to 2 decimals, and
// 'N/A' when the denominator is zero. Written as the app's language writes numbers; no grouping,
// as the spec's figures have none.
function ratio(part: number, whole: number, decimals: number) {
  if (whole <= 0) return t('stats.not_available');
  const format = { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false };
  return new Intl.NumberFormat(intlLocale(), format).format(part / whole);
}

export const averageClicksPerLink = (clicks: number, links: number) => ratio(clicks, links, 1);
export const clicksPerView = (clicks: number, views: number) => ratio(clicks, views, 2);

/** A percentage as sent by the server (already rounded to 2 decimals), shown to 1 decimal. */
export const formatPercent = (value: number) =>
  new Intl.NumberFormat(intlLocale(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(value / 100);

/** No visit, no click and no save of the contact yet: the screen shows its empty state instead of zeros. */
export const hasNoActivity = (stats: { profile_views: number; link_clicks: number; contact_saves: number }) =>
  stats.profile_views === 0 && stats.link_clicks === 0 && stats.contact_saves === 0;

/** A country's name in the app's language from its ISO code ('Unknown' when Cloudflare could not tell). */
export function countryName(code: string) {
  if (code === 'unknown' || !/^[A-Z]{2}$/i.test(code)) return t('stats.unknown');
  try {
    return new Intl.DisplayNames([intlLocale()], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** The channels the app names itself; a campaign's own utm_source is shown as it came. */
export function channelName(name: string) {
  switch (name) {
    case 'qr':
      return t('stats.channel_qr');
    case 'nfc':
      return t('stats.channel_nfc');
    case 'email':
      return t('stats.channel_email');
    case 'link':
      return t('stats.channel_link');
    case 'referral':
      return t('stats.channel_referral');
    case 'direct':
      return t('stats.channel_direct');
    default:
      return name;
  }
}

/** mobile, tablet, desktop (worker/services/events); anything else as it came, capitalised. */
export function deviceName(name: string) {
  switch (name) {
    case 'mobile':
      return t('stats.device_mobile');
    case 'tablet':
      return t('stats.device_tablet');
    case 'desktop':
      return t('stats.device_desktop');
    case 'unknown':
      return t('stats.unknown');
    default:
      return name ? name[0]!.toUpperCase() + name.slice(1) : name;
  }
}
