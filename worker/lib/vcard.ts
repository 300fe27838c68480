import { safeHref } from '@shared/card/safe-url';
import { decodeComponent } from '@shared/uri';

// vCard 4.0 (RFC 6350): CRLF line ends, lines folded at 75 octets, text values escaped. A
// format, so pure functions of plain values: the card's contact (/p/{username}/contact.vcf and
// the account export's card.vcf) and the owner's collected contacts (contacts.vcf).

const encoder = new TextEncoder();

/**
 * RFC 6350 3.4 and 3.3's ABNF: backslash, comma and newlines in a text value. A semicolon stays
 * as typed: the grammar of a plain text value has no `\;`, and readers that keep to it (ical.js,
 * so Thunderbird's address book) would show the backslash in a name or title.
 */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** One component of a structured value (N, ORG, ADR): a semicolon there would start the next. */
export const escapeComponent = (value: string) => escapeText(value).replace(/;/g, '\\;');

/** RFC 6350 3.2: at most 75 octets per line, never splitting a UTF-8 character. */
export function foldLine(line: string) {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The name split for N: the last word is the family name, the rest given names. */
function nameParts(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const family = words.length > 1 ? (words.pop() ?? '') : '';
  return { family, given: words.join(' ') };
}

export type VCardPhoto = { type: string; base64: string };
/** What of a card its vCard holds (a PublicCard has these fields; the business card's are optional). */
export type VCardSource = {
  name: string;
  username: string;
  bio: string;
  links: { title: string; url: string }[];
  job_title?: string;
  company?: string;
  phone?: string;
  public_email?: string;
  location?: string;
};
/** One contact a visitor left (a contacts row has these fields). */
export type VCardContact = {
  name: string;
  email: string;
  phone: string;
  company: string;
  note: string;
  createdAt: number;
};

/**
 * The contact a phone imports from the card: name, title and company, photo, the card's phone,
 * e-mail and place, its URL, and the e-mails, phones and web links among its links. `cardLabel`
 * names the card's URL in the card's language.
 */
export function buildVCard(card: VCardSource, cardUrl: string, photo: VCardPhoto | null, cardLabel = 'Digital card') {
  const { family, given } = nameParts(card.name);
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    'PRODID:-//Cardlink//Public card//EN',
    'KIND:individual',
    `FN:${escapeText(card.name)}`,
    `N:${escapeComponent(family)};${escapeComponent(given)};;;`,
    `NICKNAME:${escapeText(card.username)}`,
  ];
  if (card.job_title) lines.push(`TITLE:${escapeText(card.job_title)}`);
  // ORG is structured (organisation;unit): the name is one escaped component.
  if (card.company) lines.push(`ORG:${escapeComponent(card.company)}`);
  if (photo) lines.push(`PHOTO:data:${photo.type};base64,${photo.base64}`);
  if (card.bio.trim()) lines.push(`NOTE:${escapeText(card.bio.trim())}`);
  // The card's own number (E.164) is the one to call: listed first, as a mobile.
  const own = { phone: card.phone ? `tel:${card.phone}` : '', email: card.public_email?.toLowerCase() ?? '' };
  if (own.phone) lines.push(`TEL;VALUE=uri;TYPE=cell,voice;PREF=1:${own.phone}`);
  if (own.email) lines.push(`EMAIL;TYPE=work;PREF=1:${escapeText(own.email)}`);
  // ADR's seven components: the place as typed is the locality (a city or region).
  if (card.location) lines.push(`ADR;TYPE=work:;;;${escapeComponent(card.location)};;;`);
  // The card's own address, labelled in the card's language as contacts apps show it.
  lines.push(`card.URL:${cardUrl}`, `card.X-ABLabel:${escapeText(cardLabel)}`);
  let item = 0;
  for (const link of card.links) {
    const href = safeHref(link.url);
    if (!href) continue;
    const url = new URL(href);
    // The address or number, decoded; a stray `%` (legal in an address) is kept as written.
    const path = decodeComponent(url.pathname) ?? url.pathname;
    if (url.protocol === 'mailto:') {
      const address = path.split(',')[0]?.trim();
      if (address && address.toLowerCase() !== own.email) lines.push(`EMAIL:${escapeText(address)}`);
    } else if (url.protocol === 'tel:') {
      const number = path.replace(/[^\d+*#;=,a-zA-Z-]/g, '');
      if (number && `tel:${number}` !== own.phone) lines.push(`TEL;VALUE=uri;TYPE=voice:tel:${number}`);
    } else {
      // The grouped label is what Apple and Android contacts show beside the address.
      item += 1;
      lines.push(`item${item}.URL:${href}`, `item${item}.X-ABLabel:${escapeText(link.title)}`);
    }
  }
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Every contact as one vCard 4.0 file (RFC 6350), one VCARD each, as address books import. */
export function contactsVCard(rows: VCardContact[]) {
  const cards = rows.map((row) => {
    const lines = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'PRODID:-//Cardlink//Contacts//EN',
      `FN:${escapeText(row.name)}`,
      `N:${escapeComponent(row.name)};;;;`,
    ];
    if (row.email) lines.push(`EMAIL;TYPE=work:${escapeText(row.email)}`);
    // The form takes a number as typed ('(555) 010-4477'); one with no digit at all names none,
    // and an empty `tel:` is no URI an address book can call.
    const number = row.phone.replace(/[^0-9+]/g, '');
    if (/\d/.test(number)) lines.push(`TEL;VALUE=uri;TYPE=cell:tel:${number}`);
    if (row.company) lines.push(`ORG:${escapeComponent(row.company)}`);
    if (row.note) lines.push(`NOTE:${escapeText(row.note)}`);
    lines.push(`REV:${new Date(row.createdAt).toISOString().replace(/[-:]|\.\d+/g, '')}`, 'END:VCARD');
    return lines.map(foldLine).join('\r\n');
  });
  return cards.length > 0 ? `${cards.join('\r\n')}\r\n` : '';
}
