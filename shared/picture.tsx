import type { ImgHTMLAttributes } from 'react';
import { IMAGE_SHAPES, pictureOf, type ShapeKind } from './media';

/**
 * Screens (a media query) on which the image is drawn at most `maxWidth` CSS px wide, so they are
 * offered no wider derivative: the srcset's widths alone cannot do it, since a 3x phone asks for
 * three times the box and, finding none so wide, takes the widest there is.
 */
export type NarrowScreens = { media: string; maxWidth: number };

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'>;

/**
 * An avatar or cover the API named by URL, drawn from the derivative that fits: AVIF, else WebP,
 * each with its widths, else the JPEG. `sizes` is the drawn width in CSS pixels (the card's own
 * by default); `maxWidth` drops widths no screen here needs. The edge card, the SPA's card and the
 * dashboard all draw images through this, so none fetches more than it draws.
 */
export function Picture({
  url,
  kind,
  sizes,
  maxWidth,
  narrow,
  ...img
}: ImgProps & { url: string; kind: ShapeKind; sizes?: string; maxWidth?: number; narrow?: NarrowScreens }) {
  const picture = pictureOf(url, kind, maxWidth);
  const drawn = IMAGE_SHAPES[kind].drawn;
  return (
    <picture>
      {narrow
        ? pictureOf(url, kind, narrow.maxWidth).sources.map((source) => (
            <source
              key={`narrow ${source.type}`}
              media={narrow.media}
              type={source.type}
              srcSet={source.srcSet}
              sizes={sizes ?? drawn.sizes}
            />
          ))
        : null}
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes ?? drawn.sizes} />
      ))}
      <img src={picture.src} width={drawn.width} height={drawn.height} {...img} />
    </picture>
  );
}
