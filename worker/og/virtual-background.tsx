import { roleLine } from '@shared/card/role-line';
import { cardLook } from '@shared/card-look';
import { inkOn, legibleOn, mutedOn } from '@shared/colour';
import { colourOf, initialsOf } from '@shared/initials';
import { plainQrSvg, scannableQr } from '@shared/qr-code';
import type { PublicCard } from '../services/public-card';
import { jpegDataUri } from './og-image';
import { drawable, ogFont, renderPng } from './render';

// The virtual background for video calls (docs/product.md §2, Share): the photo, name, title and company, the
// card's address and its QR code, in the card's colours, drawn by the Open Graph image's renderer.
// The people on the call see the picture unmirrored, so the code reads from their side.

export const BACKGROUND_SIZES = { '1920x1080': [1920, 1080], '1280x720': [1280, 720] } as const;
export type BackgroundSize = keyof typeof BACKGROUND_SIZES;

const svgUri = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

function Background({
  card,
  url,
  avatar,
  font,
  width,
  height,
}: {
  card: PublicCard;
  url: string;
  avatar: string | null;
  font: string;
  width: number;
  height: number;
}) {
  const look = cardLook(card);
  // Everything is laid out on a 1920-wide grid and scaled.
  const u = width / 1920;
  const name = drawable(card.name) || `@${card.username}`;
  const role = drawable(roleLine(card));
  const photo = 260 * u;
  // The code stays dark on white whatever the theme: the card's accent when it reads on white.
  // Plain squares, error correction M: at the size a video call shows it, a plain code is what
  // every phone camera reads.
  const code = plainQrSvg(scannableQr(`${url}?src=qr`, 'M'), legibleOn(look.accent, '#ffffff'));
  // Whole pixels a module: a code scaled to a fractional module size draws uneven modules, and
  // ZXing missed some of them (test/worker/routes/virtual-background.test.ts).
  const qr = Math.floor((360 * u) / code.side) * code.side;
  const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  return (
    <div
      style={{
        display: 'flex',
        width,
        height,
        background: look.background,
        color: look.text,
        fontFamily: font,
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        padding: `${96 * u}px ${120 * u}px`,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', maxWidth: 1100 * u }}>
        <div
          style={{
            display: 'flex',
            width: photo,
            height: photo,
            borderRadius: photo / 2,
            overflow: 'hidden',
            border: `${8 * u}px solid ${look.accent}`,
            background: colourOf(card.name),
            alignItems: 'center',
            justifyContent: 'center',
            color: '#ffffff',
            fontSize: 96 * u,
            fontWeight: 700,
            marginBottom: 40 * u,
          }}
        >
          {avatar ? (
            <img src={avatar} width={photo} height={photo} style={{ objectFit: 'cover' }} />
          ) : (
            initialsOf(card.name) || '@'
          )}
        </div>
        <div style={{ display: 'flex', fontSize: 88 * u, fontWeight: 700, lineHeight: 1.1, ...oneLine }}>{name}</div>
        {role ? (
          <div style={{ display: 'flex', fontSize: 48 * u, fontWeight: 400, marginTop: 16 * u, ...oneLine }}>
            {role}
          </div>
        ) : null}
        <div
          style={{
            display: 'flex',
            fontSize: 36 * u,
            fontWeight: 700,
            marginTop: 28 * u,
            color: legibleOn(look.accent, look.background),
          }}
        >
          {url.replace(/^https?:\/\//, '')}
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          background: '#ffffff',
          borderRadius: 28 * u,
          padding: 20 * u,
          border: `${4 * u}px solid ${inkOn(look.background) === '#ffffff' ? '#ffffff' : mutedOn(look.text, look.background)}`,
        }}
      >
        <img src={svgUri(code.svg)} width={qr} height={qr} />
        <div style={{ display: 'flex', fontSize: 28 * u, fontWeight: 700, color: '#111827', marginTop: 8 * u }}>
          Scan for my card
        </div>
      </div>
    </div>
  );
}

/** The background as a PNG of the given size. */
export async function drawVirtualBackground(bucket: R2Bucket, card: PublicCard, url: string, size: BackgroundSize) {
  const [width, height] = BACKGROUND_SIZES[size];
  const look = cardLook(card);
  const avatar = look.showAvatar ? await jpegDataUri(bucket, card.avatar_url) : null;
  const font = ogFont(look.font);
  return renderPng(
    <Background card={card} url={url} avatar={avatar} font={font.name} width={width} height={height} />,
    font,
    { width, height },
  );
}
