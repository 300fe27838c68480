import { parsePhoneNumberFromString } from 'libphonenumber-js';

// The phone's real check (docs/product.md §5, Profile): libphonenumber-js knows each country's lengths and
// prefixes, so 'call me maybe' or '+1 123' is refused. About 30 KB gzip of metadata: the Worker
// imports this module on the first phone it checks or shows (phone-field.ts, lib/phone.ts), never
// at start-up; the dashboard's form checks the shape and shows the Worker's answer.

/** As typed ('+44 20 7946 0958') to E.164 ('+442079460958'), or null when it is no real number. */
export function toE164(value: string) {
  const number = parsePhoneNumberFromString(value);
  return number?.isValid() ? number.number : null;
}

/** '+442079460958' as people read it: '+44 20 7946 0958'; anything unparsable as stored. */
export const displayPhone = (e164: string) =>
  e164 ? (parsePhoneNumberFromString(e164)?.formatInternational() ?? e164) : '';
