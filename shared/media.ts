// What an uploaded avatar or cover becomes (README, Decisions: images), named in one place for the
// Worker that writes the derivatives and for every page, screen and file that draws one.

export type MediaKind = 'avatar' | 'cover' | 'background' | 'logo';
/** Every image the Worker makes derivatives of: a card's, and a link's thumbnail. */
export type ShapeKind = MediaKind | 'thumbnail';
export type DerivativeFormat = 'avif' | 'webp' | 'jpg';

export type ImageShape = {
  /** Width over height of every derivative (the avatar is square, the cover 3:1). */
  aspect: number;
  /** Widths stored in each of `formats`, smallest first. */
  widths: readonly number[];
  /** The modern formats each width is stored in, best first. */
  formats: readonly ('avif' | 'webp')[];
  /** The one JPEG, for clients that take nothing else (vCard photo, Open Graph, QR centre). */
  jpegWidth: number;
  /** Size drawn on the card, in CSS pixels; `sizes` of its srcset. */
  drawn: { width: number; height: number; sizes: string };
};

export const IMAGE_SHAPES: Record<ShapeKind, ImageShape> = {
  avatar: {
    aspect: 1,
    widths: [96, 192, 384],
    formats: ['avif', 'webp'],
    jpegWidth: 384,
    drawn: { width: 96, height: 96, sizes: '96px' },
  },
  cover: {
    aspect: 3,
    widths: [480, 960, 1920],
    formats: ['avif', 'webp'],
    jpegWidth: 960,
    drawn: { width: 960, height: 320, sizes: '(min-width: 960px) 960px, 100vw' },
  },
  // The custom theme's background fills the page behind the card (background-size: cover), tall on
  // a phone and wide on a desktop: a square crops least in the worse of the two. The page draws its
  // JPEG (a CSS background has no <picture>), the theme editor its small WebP: no AVIF, whose
  // encode at 1440 px was most of the upload's wait (docs/product.md §2, Background image).
  background: {
    aspect: 1,
    widths: [720, 1440],
    formats: ['webp'],
    jpegWidth: 1440,
    drawn: { width: 1440, height: 1440, sizes: '100vw' },
  },
  // The company logo (docs/product.md §5, Profile): never cropped but fitted whole into a 2:1 box on
  // white, which holds a wide word mark and a square sign alike; the JPEG is the QR's centre.
  logo: {
    aspect: 2,
    widths: [96, 192, 384],
    formats: ['avif', 'webp'],
    jpegWidth: 384,
    drawn: { width: 96, height: 48, sizes: '96px' },
  },
  // A link's thumbnail (docs/product.md §2, Links): read from the linked page or uploaded, drawn
  // beside a link and as a player's face, in the 16:9 of a video. In AVIF too: the face is the
  // heaviest picture of a card with a player, and at 640 px AVIF costs about half of WebP, while
  // the encodes of a 640 px image are quick beside the background's. 400 is the face on a phone
  // (shared/card/card-player.tsx, PHONE_FACE).
  thumbnail: {
    aspect: 16 / 9,
    widths: [160, 320, 400, 640],
    formats: ['avif', 'webp'],
    jpegWidth: 640,
    drawn: { width: 640, height: 360, sizes: '(min-width: 640px) 640px, 100vw' },
  },
};

export const heightOf = (kind: ShapeKind, width: number) => Math.round(width / IMAGE_SHAPES[kind].aspect);

export const CONTENT_TYPES: Record<DerivativeFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/**
 * Every derivative of a set: each width in each modern format, and the one JPEG. `former` adds
 * what a set made by an earlier release may hold (every width in AVIF and WebP), for deleting one.
 */
export function derivativeNames(kind: ShapeKind, former = false): { width: number; format: DerivativeFormat }[] {
  const shape = IMAGE_SHAPES[kind];
  const formats = former ? (['avif', 'webp'] as const) : shape.formats;
  const modern = shape.widths.flatMap((width) => formats.map((format) => ({ width, format })));
  return [...modern, { width: shape.jpegWidth, format: 'jpg' }];
}

/**
 * The key (or URL) of one derivative inside a set: `<set>/<width>.<format>`. A set is
 * `avatars|covers|backgrounds|logos|thumbs/<owner>/<id>`, so everything of one user sits under prefixes of that user.
 */
export const derivativePath = (set: string, width: number, format: DerivativeFormat) => `${set}/${width}.${format}`;

/** A set's URL as the API answers it (`avatar_url`, `cover_image_url`): its JPEG, which every client can draw. */
const SET_URL =
  /^(.*\/media\/(?:avatars|covers|backgrounds|logos|thumbs)\/(?:org-)?[0-9a-f]{32}\/[0-9a-f]{32})\/\d+\.jpg$/;

/** The set behind an image URL of this product, or null for anything else (an upload not yet converted). */
export const setOf = (url: string | null | undefined) => (url ? (SET_URL.exec(url)?.[1] ?? null) : null);

/**
 * The URL of the derivative of `kind` at `width` in `format`, from any derivative URL the API
 * answered; the URL itself when it names no set (then there is only the one file).
 */
export function derivativeUrl(
  url: string | null | undefined,
  kind: ShapeKind,
  width: number,
  format: DerivativeFormat,
): string | null {
  if (!url) return null;
  const set = setOf(url);
  if (!set) return url;
  const shape = IMAGE_SHAPES[kind];
  const chosen = format === 'jpg' ? shape.jpegWidth : (shape.widths.find((w) => w >= width) ?? shape.widths.at(-1)!);
  return derivativePath(set, chosen, format);
}

export type Picture = {
  /** The JPEG: the `<img src>` of browsers that take neither AVIF nor WebP. */
  src: string;
  /** `<source>` per modern format, best first; empty for a URL that names no set. */
  sources: { type: string; srcSet: string }[];
};

/** The srcsets of an image URL the API answered, for `<picture>` (card, theme preview, dashboard). */
export function pictureOf(url: string, kind: ShapeKind, maxWidth = Infinity): Picture {
  const set = setOf(url);
  if (!set) return { src: url, sources: [] };
  const shape = IMAGE_SHAPES[kind];
  const widths = shape.widths.filter((width, i) => i === 0 || width <= maxWidth);
  const sources = shape.formats.map((format) => ({
    type: CONTENT_TYPES[format],
    srcSet: widths.map((width) => `${derivativePath(set, width, format)} ${width}w`).join(', '),
  }));
  return { src: derivativePath(set, shape.jpegWidth, 'jpg'), sources };
}
