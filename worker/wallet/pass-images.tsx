import favicon from '../../web/public/favicon.svg?raw';
import { colourOf, initialsOf } from '@shared/initials';
import { THEME_FONTS } from '@shared/fonts';
import { jpegDataUri } from '../og/og-image';
import { drawable, renderPng, svgToPng } from '../og/render';

/** The product's mark (the favicon) at a pass image's pixel width. */
export const markPng = (width: number) => svgToPng(favicon, width);

/** The pass thumbnail: the avatar, else the initials on the name's colour (as on the card). */
export async function thumbnailPng(bucket: R2Bucket, name: string, avatarUrl: string | null, size: number) {
  const photo = await jpegDataUri(bucket, avatarUrl);
  const element = photo ? (
    <div style={{ display: 'flex', width: size, height: size }}>
      <img src={photo} width={size} height={size} style={{ objectFit: 'cover' }} />
    </div>
  ) : (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        background: colourOf(name),
        color: '#ffffff',
        fontFamily: THEME_FONTS[0]!.name,
        fontSize: Math.round(size * 0.4),
        fontWeight: 700,
      }}
    >
      {initialsOf(drawable(name)) || '@'}
    </div>
  );
  return renderPng(element, THEME_FONTS[0]!, { width: size, height: size });
}
