import { Fragment } from 'react';
import { cardLook } from '../card-look';
import { buttonClasses } from '../looks';
import { InitialsPicture } from '../initials-picture';
import { Picture } from '../picture';
import type { PublicProfile } from '../types';
import { ReachLinks, WorkLines, type BusinessLines } from './card-business';
import { ENGLISH_CARD_WORDS, type CardWords } from './card-words';
import { layoutLinks, type Section } from './link-sections';
import { linkTarget, targetFirst } from './link-target';
import { safeHref, safeIcon, safeImage } from './safe-url';
import { SocialRow } from './social-row';

// The card's markup, the one description of it: the Worker renders it for visitors
// (worker/pages/card-page.tsx) and the dashboard draws it in its preview with the owner's unsaved
// edits (web/src/components/card-preview.tsx). Its look is card/card-css.ts.

/** The footer's 'Powered by' line (docs/product.md §2). */
export const POWERED_BY = 'Cardlink';

export type CardLink = {
  id: number;
  title: string;
  url: string;
  icon: string;
  /** Absent on what links always were: a button, not highlighted, no interstitial. */
  kind?: 'link' | 'header' | undefined;
  display?: 'button' | 'icon' | 'player' | undefined;
  highlight?: boolean | undefined;
  sensitive?: boolean | undefined;
  /** The editor's preview only: a scheduled link's state ('Starts 12 Dec, 09:00'). */
  note?: string | undefined;
};
type DrawnLink = CardLink & { href: string };

/** The links a visitor can follow (http(s), mailto:, tel:) and the headers, laid out (link-sections.ts). */
function drawnLinks(links: CardLink[]) {
  const drawn = links.flatMap((link): DrawnLink[] => {
    if (link.kind === 'header') return [{ ...link, href: '' }];
    const href = safeHref(link.url);
    return href ? [{ ...link, href }] : [];
  });
  return { ...layoutLinks(drawn), any: drawn.some((link) => link.kind !== 'header') };
}

/** What a card shows: the public card's answer, or the editor's values for a preview. */
export type CardData = Pick<
  PublicProfile,
  'name' | 'username' | 'bio' | 'avatar_url' | 'cover_image_url' | 'contact_exchange'
> &
  // The dashboard's preview has no blurred placeholder to draw: only the public card sends one.
  Partial<Pick<PublicProfile, 'cover_placeholder' | 'logo_url' | 'background_tones'>> &
  Pick<PublicProfile, 'custom_theme' | 'theme' | 'template'> & { links: CardLink[] } & BusinessLines;

/**
 * docs/product.md §2: the photo, else the generated initials, else a generic icon. The initials
 * sit under the photo, so a photo that fails to load reveals them without any script. Without a
 * cover the avatar is the largest image, so it is fetched first.
 */
export function Avatar({ name, src, first }: { name: string; src: string | null; first: boolean }) {
  return (
    <div className="av" role="img" aria-label={name}>
      <InitialsPicture name={name} />
      {src ? (
        <Picture url={src} kind="avatar" alt="" {...(first ? { fetchPriority: 'high' } : { decoding: 'async' })} />
      ) : null}
    </div>
  );
}

/** The share glyph (three joined dots), drawn inline: no icon library in the card's weight. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4m0-11-6.8 4" />
    </svg>
  );
}

function CardLinks({
  sections,
  any,
  origin,
  preview,
  words,
}: {
  sections: Section<DrawnLink>[];
  any: boolean;
  origin: string;
  preview: boolean;
  words: CardWords;
}) {
  if (!any && sections.length === 0) return <p className="empty">{words.noLinks}</p>;
  return sections.map((section, index) => (
    <Fragment key={section.header?.id ?? `top-${index}`}>
      {/* A header opens a section: a heading a screen reader can jump to, typed by the owner. */}
      {section.header ? (
        <h2 className="lh" dir="auto" data-preview-link={preview ? section.header.id : undefined}>
          {section.header.title}
        </h2>
      ) : null}
      {section.links.length ? (
        <ul className="links" aria-label={section.header?.title ?? words.links}>
          {section.links.map((link) => (
            <li key={link.id}>
              {/* Plain links: they open without any script, in a new tab as docs/product.md §2 says
                  (mailto: and tel: too); link-target.ts says how the click is counted. */}
              <a {...targetFirst(linkTarget(link, preview))} className={link.highlight ? 'hl' : undefined}>
                {/* Lazy: React would otherwise preload every icon ahead of the avatar. */}
                <img src={safeIcon(link.icon, origin)} alt="" width={24} height={24} loading="lazy" />
                {/* Typed by the owner in any script: its own direction, whatever the card's. */}
                <span dir="auto">{link.title}</span>
                {/* The highlight's mark in words, so it does not rest on motion or colour alone. */}
                {link.highlight ? <em className="mark">{words.featured}</em> : null}
                {preview && link.note ? <small className="when">{link.note}</small> : null}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Fragment>
  ));
}

/**
 * The card (docs/product.md §2, "Loaded"), readable and clickable without JavaScript. `url` is
 * the card's own address; `notice` a line above the card for its owner (the private-card
 * banner); `preview` leaves out what only a visitor's card has (click reports, the island's hooks);
 * `words` the fixed words in the card's language (English by default).
 */
export function CardView({
  card,
  url,
  notice,
  preview = false,
  words = ENGLISH_CARD_WORDS,
}: {
  card: CardData;
  url: string;
  notice?: string;
  preview?: boolean;
  words?: CardWords;
}) {
  const look = cardLook(card);
  const origin = new URL(url).origin;
  const { row, sections, any } = drawnLinks(card.links);
  const cover = safeImage(card.cover_image_url);
  const avatar = safeImage(card.avatar_url);
  const logo = safeImage(card.logo_url);
  const placeholder = card.cover_placeholder?.startsWith('data:image/webp;base64,') ? card.cover_placeholder : null;
  const classes = [
    'card',
    look.twoColumn ? 'two' : 'one',
    `pos-${look.avatarPosition}`,
    cover ? 'has-cover' : '',
    ...buttonClasses(look.buttonStyle, look.buttonShape),
  ];
  const island = preview
    ? {}
    : {
        'data-username': card.username,
        'data-name': card.name,
        'data-avatar': avatar ?? '',
        'data-accent': look.accent,
        'data-background': look.background,
        'data-url': url,
      };
  return (
    <main id={preview ? undefined : 'card'} className={classes.filter(Boolean).join(' ')} {...island}>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {cover ? (
        // The largest image, so the one fetched first. Until it arrives its placeholder (a data:
        // URI of a few hundred bytes, blurred by the browser's upscaling) fills the area.
        <div className="cover" style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}>
          <Picture url={cover} kind="cover" alt="" fetchPriority="high" />
        </div>
      ) : null}
      <div className="wrap">
        <header className="who">
          {look.showAvatar ? <Avatar name={card.name} src={avatar} first={!cover} /> : null}
          {/* What the owner typed takes its own direction (dir="auto"); card-css.ts aligns it as
              the card's layout does, so an English line under an Arabic one keeps the same side. */}
          <h1 dir="auto">{card.name}</h1>
          <p className="at">
            <bdi>{`@${card.username}`}</bdi>
          </p>
          <WorkLines card={card} />
          {logo ? (
            // Under the company's line, in a box of its own size (no layout shift), on the white
            // it was fitted on (docs/product.md §5, Profile); named by the company it stands for.
            <p className="logo">
              <Picture url={logo} kind="logo" alt={card.company?.trim() || words.logo} decoding="async" />
            </p>
          ) : null}
          {card.bio.trim() ? (
            <p className="bio" dir="auto">
              {card.bio}
            </p>
          ) : null}
          <SocialRow links={row} origin={origin} preview={preview} label={words.social} />
          <ReachLinks card={card} words={words} />
          <div className="acts">
            <a className="save" href={`/p/${card.username}.vcf`} download={`${card.username}.vcf`}>
              {words.saveContact}
            </a>
            {/* A plain link to a plain form: contact exchange works without any script. */}
            {card.contact_exchange ? (
              <a className="save" href={`/p/${card.username}/contact`}>
                {words.shareContact}
              </a>
            ) : null}
            {/* In the card's own flow, so it covers no link at any scroll position. It needs the
                island (which turns it into the button of the share sheet), so the card's CSS hides
                it when scripts are off; a tap before the island runs opens the full-screen QR. */}
            <a className="save share" href={`/qr/${card.username}`}>
              <ShareIcon />
              {words.share}
            </a>
          </div>
        </header>
        <section aria-label={words.links}>
          <CardLinks sections={sections} any={any} origin={origin} preview={preview} words={words} />
        </section>
      </div>
      <footer>
        {`${words.poweredBy} `}
        <a href="/">{POWERED_BY}</a>
        {' · '}
        <a href={`/p/${card.username}/report`} rel="nofollow">
          {words.report}
        </a>
      </footer>
    </main>
  );
}
