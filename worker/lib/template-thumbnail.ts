import type { TemplateConfig } from '../services/catalogue';

// A template's thumbnail, drawn from its config so the gallery shows each layout as it is:
// one column or a 4/8 grid (spec section 2), the avatar centred, left or right, or none.

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
/** Name and bio lines, aligned to a side or centred on cx. */
const textLines = (x: number, y: number, align: 'start' | 'middle', width: number) => {
  const at = (w: number) => (align === 'middle' ? x - w / 2 : x);
  return bar(at(width * 0.7), y, width * 0.7, 8, INK) + bar(at(width), y + 13, width, 5, FAINT);
};
const linkStack = (x: number, y: number, w: number, count: number) =>
  Array.from({ length: count }, (_, i) => bar(x, y + i * 18, w, 12, LINK)).join('');

function singleColumn(config: TemplateConfig) {
  const position = config.showAvatar ? config.avatarPosition : 'none';
  if (position === 'left' || position === 'right') {
    const cx = position === 'left' ? 40 : W - 40;
    const textX = position === 'left' ? 64 : 28;
    return avatar(cx, 36, 16) + textLines(textX, 28, 'start', 140) + linkStack(28, 70, W - 56, 4);
  }
  const top = position === 'none' ? 22 : 60;
  const head = position === 'none' ? '' : avatar(W / 2, 32, 16);
  return head + textLines(W / 2, top, 'middle', 110) + linkStack(28, top + 30, W - 56, position === 'none' ? 5 : 3);
}

function twoColumn(config: TemplateConfig) {
  if (config.avatarPosition === 'left' || config.avatarPosition === 'right') {
    // The 4/8 grid: who you are in the narrow column, links in the wide one.
    const side = config.avatarPosition === 'left' ? 14 : W - 14 - 68;
    const main = config.avatarPosition === 'left' ? 96 : 14;
    const profile =
      `<rect x="${side}" y="14" width="68" height="${H - 28}" rx="8" fill="#f1f5f9"/>` +
      (config.showAvatar ? avatar(side + 34, 44, 18) : '') +
      textLines(side + 34, 74, 'middle', 50);
    return profile + linkStack(main, 20, W - 110, 7);
  }
  const head = config.showAvatar ? avatar(W / 2, 30, 14) : '';
  const columnWidth = (W - 56 - 8) / 2;
  return (
    head +
    textLines(W / 2, config.showAvatar ? 52 : 24, 'middle', 110) +
    linkStack(28, config.showAvatar ? 80 : 52, columnWidth, 4) +
    linkStack(28 + columnWidth + 8, config.showAvatar ? 80 : 52, columnWidth, 4)
  );
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
