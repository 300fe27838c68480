import { avatarPositionOf } from '@shared/card-look';
import type { TemplateConfig } from '@shared/schemas/themes';

// A template's thumbnail, drawn from its config so the gallery shows each layout as it is:
// one column or a 4/8 grid (docs/product.md §2; mirrored when the avatar is on the right), the
// header aligned to the centre, the left or the right, with or without the photo.

const W = 240;
const H = 160;
const ACCENT = '#2563eb';
const INK = '#94a3b8';
const FAINT = '#cbd5e1';
const LINK = '#dbeafe';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const bar = (x: number, y: number, w: number, h: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${fill}"/>`;
const avatar = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${ACCENT}" opacity="0.85"/>`;
type Align = ReturnType<typeof avatarPositionOf>;

/** The left edge of a box `w` wide placed inside [x, x + width] as the card aligns its header. */
const place = (align: Align, x: number, width: number, w: number) =>
  align === 'left' ? x : align === 'right' ? x + width - w : x + (width - w) / 2;

/** Name and bio lines inside [x, x + width], aligned as the card aligns its header. */
const textLines = (x: number, y: number, align: Align, width: number) => {
  const name = width * 0.7;
  return bar(place(align, x, width, name), y, name, 8, INK) + bar(x, y + 13, width, 5, FAINT);
};
const linkStack = (x: number, y: number, w: number, count: number) =>
  Array.from({ length: count }, (_, i) => bar(x, y + i * 18, w, 12, LINK)).join('');

/** The card's header in a box: the photo (unless hidden) above the name and bio, aligned alike. */
function header(config: TemplateConfig, x: number, y: number, width: number, r: number) {
  const align = avatarPositionOf(config);
  if (!config.showAvatar) return { svg: textLines(x, y, align, width), bottom: y + 18 };
  const cx = place(align, x, width, 2 * r) + r;
  return { svg: avatar(cx, y + r, r) + textLines(x, y + 2 * r + 8, align, width), bottom: y + 2 * r + 26 };
}

/** One column: the header on top, the links stacked below. */
function singleColumn(config: TemplateConfig) {
  const head = header(config, 28, 12, W - 56, 16);
  const count = Math.max(2, Math.floor((H - head.bottom - 8) / 18));
  return head.svg + linkStack(28, head.bottom + 6, W - 56, count);
}

/** The 4/8 grid: who you are in the narrow column, links in the wide one (mirrored for 'right'). */
function twoColumn(config: TemplateConfig) {
  const mirrored = avatarPositionOf(config) === 'right';
  const side = mirrored ? W - 14 - 68 : 14;
  const main = mirrored ? 14 : 96;
  const panel = `<rect x="${side}" y="14" width="68" height="${H - 28}" rx="8" fill="#f1f5f9"/>`;
  return panel + header(config, side + 8, 24, 52, 14).svg + linkStack(main, 20, W - 110, 7);
}

export function templateThumbnailSvg(name: string, config: TemplateConfig) {
  const body = config.layout === 'two-column' ? twoColumn(config) : singleColumn(config);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">` +
    `<title>${escapeXml(name)} template</title>` +
    `<rect width="${W}" height="${H}" rx="12" fill="#ffffff" stroke="#e2e8f0"/>` +
    `<svg x="0" y="0" width="${W}" height="${H}" overflow="hidden">${body}</svg>` +
    `</svg>`
  );
}
