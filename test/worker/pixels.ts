import { env } from 'cloudflare:test';
import { decodePng, type Bitmap } from '../../worker/lib/png';

/** Any image the binding reads, as pixels (through a PNG; derivatives carry no orientation tag). */
export async function pixelsOf(bytes: Uint8Array): Promise<Bitmap> {
  const result = await env.IMAGES.input(new Blob([bytes]).stream())
    .transform({})
    .output({ format: 'image/png' });
  return decodePng(new Uint8Array(await new Response(result.image()).arrayBuffer()));
}

/** The mean of red minus blue over a band of rows (fractions of the height). */
function redness(image: Bitmap, from: number, to: number) {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(from * image.height); y < Math.ceil(to * image.height); y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * image.channels;
      sum += image.data[i]! - image.data[i + 2]!;
      count += 1;
    }
  }
  return sum / count;
}

/**
 * The camera fixtures are red at the top and blue at the bottom when upright: positive and
 * large for an upright image, negative upside down, near zero on its side.
 */
export const uprightness = (image: Bitmap) => redness(image, 0, 0.25) - redness(image, 0.75, 1);

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/**
 * What a metadata block leaves in a file: the Exif header, XMP's namespace, IPTC's Photoshop
 * block, and the fixture's own camera name and GPS tags. Empty when the file carries none.
 */
export function metadataFound(bytes: Uint8Array) {
  const body = text(bytes);
  const marks = {
    exif: 'Exif',
    xmp: 'http://ns.adobe.com/xap',
    iptc: 'Photoshop 3.0',
    camera: 'Test Phone 15',
  };
  return Object.entries(marks)
    .filter(([, mark]) => body.includes(mark))
    .map(([name]) => name);
}
