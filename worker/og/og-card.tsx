import { cardLook } from '@shared/card-look';
import { inkOn, legibleOn, mutedOn } from '@shared/colour';
import { colourOf, initialsOf } from '@shared/initials';
import { roleLine } from '@shared/card/role-line';
import type { PublicCard } from '../services/public-card';
import { drawable, OG_HEIGHT, OG_WIDTH } from './render';

const BAND = 300;
const AVATAR = 220;
const RING = 8;
const SIDE = 72;

export type OgImages = { avatar: string | null; cover: string | null };

/** The avatar in a ring of the background: the photo, else the initials on the name's colour. */
function OgAvatar({ name, src, ring }: { name: string; src: string | null; ring: string }) {
  const box = { width: AVATAR, height: AVATAR, borderRadius: AVATAR / 2 };
  return (
    <div style={{ display: 'flex', ...box, border: `${RING}px solid ${ring}`, background: ring, overflow: 'hidden' }}>
      {src ? (
        <img src={src} width={AVATAR - 2 * RING} height={AVATAR - 2 * RING} style={{ objectFit: 'cover' }} />
      ) : (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: '100%',
            height: '100%',
            background: colourOf(name),
            color: '#ffffff',
            fontSize: 84,
            fontWeight: 700,
          }}
        >
          {initialsOf(name) || '@'}
        </div>
      )}
    </div>
  );
}

/**
 * The card as a 1200x630 link preview: the cover (else a band of the accent colour),
 * the avatar, the name, title and company, @username and the card's address, in the card's colours and font.
 */
export function OgCard({ card, url, images, font }: { card: PublicCard; url: string; images: OgImages; font: string }) {
  const look = cardLook(card);
  // A name in a script the bundled (Latin) fonts lack shows what they can draw, else @username.
  const name = drawable(card.name) || `@${card.username}`;
  const address = url.replace(/^https?:\/\//, '');
  // Title and company, as the card's title line, drawn as far as the bundled fonts can.
  const role = drawable(roleLine(card));
  const left = look.showAvatar ? SIDE + AVATAR + 40 : SIDE;
  const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  return (
    <div
      style={{
        display: 'flex',
        position: 'relative',
        width: OG_WIDTH,
        height: OG_HEIGHT,
        background: look.background,
        color: look.text,
        fontFamily: font,
      }}
    >
      {images.cover ? (
        <img
          src={images.cover}
          width={OG_WIDTH}
          height={BAND}
          style={{ position: 'absolute', top: 0, left: 0, objectFit: 'cover' }}
        />
      ) : (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            top: 0,
            left: 0,
            width: OG_WIDTH,
            height: BAND,
            background: look.accent,
          }}
        />
      )}
      {/* Keeps the band's edge crisp where a dark cover meets a dark background. */}
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          top: BAND - 2,
          left: 0,
          width: OG_WIDTH,
          height: 2,
          background: inkOn(look.background) === '#ffffff' ? '#ffffff22' : '#00000014',
        }}
      />
      {look.showAvatar ? (
        <div style={{ display: 'flex', position: 'absolute', left: SIDE, top: BAND - AVATAR / 2 }}>
          <OgAvatar name={name} src={images.avatar} ring={look.background} />
        </div>
      ) : null}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          position: 'absolute',
          left,
          top: BAND + 20,
          width: OG_WIDTH - left - SIDE,
        }}
      >
        <div style={{ display: 'flex', fontSize: 64, fontWeight: 700, lineHeight: 1.15, ...oneLine }}>{name}</div>
        {role ? (
          <div style={{ display: 'flex', fontSize: 40, fontWeight: 600, lineHeight: 1.25, ...oneLine }}>{role}</div>
        ) : null}
        <div style={{ display: 'flex', fontSize: 36, fontWeight: 400, color: mutedOn(look.text, look.background) }}>
          {`@${card.username}`}
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: SIDE,
          bottom: 44,
          width: OG_WIDTH - 2 * SIDE,
          fontSize: 30,
          fontWeight: 700,
          color: legibleOn(look.accent, look.background),
          ...oneLine,
        }}
      >
        {address}
      </div>
    </div>
  );
}
