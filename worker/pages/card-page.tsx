import type { PublicCard } from '../services/public-card';
import { Avatar } from './avatar';
import { Document } from './document';
import { CardHead, type OgImageMeta } from './head';
import { safeHref, safeIcon, safeImage } from './safe-url';
import { cardLook } from '@shared/card-look';
import { Picture } from '@shared/picture';

/** The footer's 'Powered by' line (docs/product.md §2). */
export const POWERED_BY = 'Cardlink';

function CardLinks({ card, origin }: { card: PublicCard; origin: string }) {
  const shown = card.links.flatMap((link) => {
    const href = safeHref(link.url);
    return href ? [{ ...link, href }] : [];
  });
  if (shown.length === 0) return <p className="empty">No links available</p>;
  return (
    <ul className="links" aria-label="Links">
      {shown.map((link) => (
        <li key={link.id}>
          {/* Plain links: they open without any script, in a new tab as docs/product.md §2 says
              (mailto: and tel: too). The browser reports the click through `ping`; the island
              takes the report over when it runs (README, Decisions: clicks without JavaScript). */}
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            data-link-id={link.id}
            ping={`/v1/link/${link.id}/click`}
          >
            {/* Lazy: React would otherwise preload every icon ahead of the avatar. */}
            <img src={safeIcon(link.icon, origin)} alt="" width={24} height={24} loading="lazy" />
            <span>{link.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What the owner reads above their own private card (nobody else is shown it). */
export const PRIVATE_OWNER_NOTICE = 'Only you can see this card: it is private';

/**
 * The public card (docs/product.md §2, "Loaded"), readable and clickable without JavaScript.
 * `notice` is a line above the card for its owner (the private-card banner).
 */
export function CardPage({
  card,
  url,
  og,
  notice,
}: {
  card: PublicCard;
  url: string;
  og: OgImageMeta;
  notice?: string;
}) {
  const look = cardLook(card);
  const cover = safeImage(card.cover_image_url);
  const avatar = safeImage(card.avatar_url);
  const placeholder = card.cover_placeholder?.startsWith('data:image/webp;base64,') ? card.cover_placeholder : null;
  const classes = ['card', look.twoColumn ? 'two' : 'one', `pos-${look.avatarPosition}`, cover ? 'has-cover' : ''];
  return (
    <Document head={<CardHead card={card} url={url} accent={look.accent} og={og} />} colours={look} island>
      <main
        id="card"
        className={classes.filter(Boolean).join(' ')}
        data-username={card.username}
        data-name={card.name}
        data-avatar={avatar ?? ''}
        data-accent={look.accent}
        data-background={look.background}
        data-url={url}
      >
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
            <h1>{card.name}</h1>
            <p className="at">{`@${card.username}`}</p>
            {card.bio.trim() ? <p className="bio">{card.bio}</p> : null}
            <div className="acts">
              <a className="save" href={`/p/${card.username}.vcf`} download={`${card.username}.vcf`}>
                Save contact
              </a>
              {/* A plain link to a plain form: contact exchange works without any script. */}
              {card.contact_exchange ? (
                <a className="save" href={`/p/${card.username}/contact`}>
                  Share your contact
                </a>
              ) : null}
            </div>
          </header>
          <section aria-label="Links">
            <CardLinks card={card} origin={new URL(url).origin} />
          </section>
        </div>
        <footer>
          Powered by <a href="/">{POWERED_BY}</a>
          {' · '}
          <a href={`/p/${card.username}/report`} rel="nofollow">
            Report
          </a>
        </footer>
      </main>
    </Document>
  );
}
