import type { ImgHTMLAttributes } from 'react';
import { IMAGE_SHAPES, pictureOf, type ShapeKind } from './media';

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
  ...img
}: ImgProps & { url: string; kind: ShapeKind; sizes?: string; maxWidth?: number }) {
  const picture = pictureOf(url, kind, maxWidth);
  const drawn = IMAGE_SHAPES[kind].drawn;
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes ?? drawn.sizes} />
      ))}
      <img src={picture.src} width={drawn.width} height={drawn.height} {...img} />
    </picture>
  );
}
