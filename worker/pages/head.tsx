import type { PublicCard } from '../services/public-card';
import { roleLine } from '@shared/card/role-line';
import { safeHref } from '@shared/card/safe-url';
import { shorten } from '@shared/shorten';
import type { T } from '../lib/i18n';

const SITE_NAME = 'Cardlink';
const DESCRIPTION_MAX = 160;

export const cardTitle = (card: PublicCard) => `${card.name} (@${card.username}) | ${SITE_NAME}`;

export function cardDescription(card: PublicCard, t: T) {
  const role = roleLine(card);
  const text =
    card.bio.trim().replace(/\s+/g, ' ') ||
    (role ? t('card.description_role', { name: card.name, role }) : t('card.description', { name: card.name }));
  return shorten(text, DESCRIPTION_MAX);
}

/**
 * JSON inside <script type="application/ld+json"> is parsed as HTML first: `<` (and, for
 * safety, `>` and `&`) become \u escapes so `</script>` in a bio cannot end the block.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

function personJsonLd(card: PublicCard, url: string) {
  const sameAs = card.links
    .map((link) => safeHref(link.url))
    .filter((href): href is string => href !== null && /^https?:/.test(href));
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: card.name,
    alternateName: `@${card.username}`,
    url,
    ...(card.bio.trim() ? { description: card.bio.trim() } : {}),
    ...(card.avatar_url ? { image: card.avatar_url } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    // The business card's fields: what a search engine or a contacts importer reads of work.
    ...(card.job_title ? { jobTitle: card.job_title } : {}),
    ...(card.company ? { worksFor: { '@type': 'Organization', name: card.company } } : {}),
    ...(card.phone ? { telephone: card.phone } : {}),
    ...(card.public_email ? { email: `mailto:${card.public_email}` } : {}),
    ...(card.location ? { address: { '@type': 'PostalAddress', addressLocality: card.location } } : {}),
  };
}

/** The card's drawn preview (worker/og): its URL for this version of the card, and its alt text. */
export type OgImageMeta = { url: string; alt: string };

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD Person. */
export function CardHead({
  card,
  url,
  accent,
  og,
  t,
}: {
  card: PublicCard;
  url: string;
  accent: string;
  og: OgImageMeta;
  t: T;
}) {
  const title = cardTitle(card);
  const description = cardDescription(card, t);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta name="theme-color" content={accent} />
      <meta property="og:type" content="profile" />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="profile:username" content={card.username} />
      <meta property="og:image" content={og.url} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={og.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={og.url} />
      <meta name="twitter:image:alt" content={og.alt} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(personJsonLd(card, url)) }} />
    </>
  );
}
