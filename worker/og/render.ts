// The Open Graph image's renderer: satori lays the card out as SVG (Yoga, WebAssembly) and resvg
// draws it as a PNG (WebAssembly). Workers may not compile WebAssembly from bytes at run time, so
// both binaries are imported as modules, which wrangler and @cloudflare/vite-plugin compile at
// deploy time (README, Decisions: the Open Graph image).
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import satori, { init as initSatori } from 'satori/standalone';
import yogaWasm from 'satori/yoga.wasm';
import type { ReactNode } from 'react';
import { THEME_FONTS } from '@shared/fonts';
import { OG_FONT_FILES } from './font-files';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

let ready: Promise<void> | null = null;

/** Instantiates both engines once per isolate; a failure is retried by the next request. */
function engines() {
  ready ??= Promise.all([initWasm(resvgWasm), initSatori(yogaWasm)]).then(
    () => undefined,
    (error: unknown) => {
      ready = null;
      throw error;
    },
  );
  return ready;
}

const fontCache = new Map<string, ArrayBuffer>();

function decodeDataUri(uri: string) {
  const cached = fontCache.get(uri);
  if (cached) return cached;
  const bytes = Uint8Array.from(atob(uri.slice(uri.indexOf(',') + 1)), (ch) => ch.charCodeAt(0));
  fontCache.set(uri, bytes.buffer);
  return bytes.buffer;
}

/** The theme font of a CSS font stack (its first family), else the first theme font. */
export function ogFont(stack: string) {
  const family = stack.split(',')[0]!.replace(/["']/g, '').trim();
  return THEME_FONTS.find((font) => font.name === family) ?? THEME_FONTS[0]!;
}

/**
 * Draws the element (1200x630 unless another size is given) in the given theme font and answers
 * the PNG's bytes.
 */
export async function renderPng(
  element: ReactNode,
  font: { name: string; slug: string },
  size = { width: OG_WIDTH, height: OG_HEIGHT },
): Promise<Uint8Array> {
  await engines();
  const files = OG_FONT_FILES[font.slug] ?? OG_FONT_FILES.inter!;
  const svg = await satori(element, {
    ...size,
    fonts: [
      { name: font.name, data: decodeDataUri(files[400]), weight: 400, style: 'normal' },
      { name: font.name, data: decodeDataUri(files[700]), weight: 700, style: 'normal' },
    ],
  });
  return rasterize(svg, { mode: 'original' });
}

/** An SVG without text (a logo) as a PNG of the given width. */
export async function svgToPng(svg: string, width: number): Promise<Uint8Array> {
  await engines();
  return rasterize(svg, { mode: 'width', value: width });
}

function rasterize(svg: string, fitTo: { mode: 'original' } | { mode: 'width'; value: number }) {
  const resvg = new Resvg(svg, { fitTo });
  const rendered = resvg.render();
  try {
    return rendered.asPng();
  } finally {
    rendered.free();
    resvg.free();
  }
}

// The Latin subset of every theme font (@fontsource's unicode-range for `latin`): what the
// bundled files can draw. Anything else would be drawn as a "no glyph" box, so it is left out.
const LATIN: [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];
const inLatin = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return LATIN.some(([from, to]) => code >= from && code <= to);
};

/** Text as the bundled fonts can draw it: other characters dropped, spaces collapsed. */
export const drawable = (text: string) => Array.from(text).filter(inLatin).join('').replace(/\s+/g, ' ').trim();
