import { escapeText, foldLine } from '../../pages/vcard';
import type { ContactRow } from './owner';

// The owner's contacts as files a spreadsheet and an address book open.

const CSV_HEADER = ['Name', 'Email', 'Phone', 'Company', 'Note', 'Shared at'];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would run as a formula (= + - @, a tab or carriage return first) gets a leading
 * apostrophe, since a visitor typed it (OWASP, CSV injection). Phone numbers too: '+1-2' is
 * digits and punctuation, and a spreadsheet would still compute it.
 */
export function csvCell(value: string) {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function contactsCsv(rows: ContactRow[]) {
  const lines = [CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        csvCell(row.name),
        csvCell(row.email),
        csvCell(row.phone),
        csvCell(row.company),
        csvCell(row.note),
        new Date(row.createdAt).toISOString(),
      ].join(','),
    );
  }
  // A byte order mark so Excel reads UTF-8; CRLF as RFC 4180 says.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Every contact as one vCard 4.0 file (RFC 6350), one VCARD each, as address books import. */
export function contactsVCard(rows: ContactRow[]) {
  const cards = rows.map((row) => {
    const lines = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'PRODID:-//Cardlink//Contacts//EN',
      `FN:${escapeText(row.name)}`,
      `N:${escapeText(row.name)};;;;`,
    ];
    if (row.email) lines.push(`EMAIL;TYPE=work:${escapeText(row.email)}`);
    if (row.phone) lines.push(`TEL;VALUE=uri;TYPE=cell:tel:${row.phone.replace(/[^0-9+]/g, '')}`);
    if (row.company) lines.push(`ORG:${escapeText(row.company)}`);
    if (row.note) lines.push(`NOTE:${escapeText(row.note)}`);
    lines.push(`REV:${new Date(row.createdAt).toISOString().replace(/[-:]|\.\d+/g, '')}`, 'END:VCARD');
    return lines.map(foldLine).join('\r\n');
  });
  return cards.length > 0 ? `${cards.join('\r\n')}\r\n` : '';
}
