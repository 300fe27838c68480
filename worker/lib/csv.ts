// CSV (RFC 4180) as a spreadsheet opens it: the owner's contacts (contacts.csv) and the
// account export's statistics. A format, so pure functions of plain values.

type Field = string | number | null | undefined;

/**
 * One CSV field: quoted when it holds a comma, quote or line break. Text a spreadsheet would run
 * as a formula (= + - @, a tab or carriage return first) gets a leading apostrophe, since a
 * visitor or an owner typed it (OWASP, CSV injection); numbers are never prefixed. Phone numbers
 * too: '+1-2' is digits and punctuation, and a spreadsheet would still compute it.
 */
export function csvField(value: Field) {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A byte order mark first, or Excel reads a UTF-8 file as the system's code page (mojibake). */
export const CSV_BOM = '\uFEFF';

/** One record, CRLF-terminated as RFC 4180 says. */
export const csvLine = (fields: Field[]) => `${fields.map((field) => csvField(field)).join(',')}\r\n`;

const CONTACTS_HEADER = ['Name', 'Email', 'Phone', 'Company', 'Note', 'Shared at'];

/** One contact a visitor left (a contacts row has these fields). */
export type CsvContact = {
  name: string;
  email: string;
  phone: string;
  company: string;
  note: string;
  createdAt: number;
};

export function contactsCsv(rows: CsvContact[]) {
  const lines = [CONTACTS_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        csvField(row.name),
        csvField(row.email),
        csvField(row.phone),
        csvField(row.company),
        csvField(row.note),
        new Date(row.createdAt).toISOString(),
      ].join(','),
    );
  }
  // CRLF as RFC 4180 says.
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
