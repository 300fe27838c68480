import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { PHONE_MESSAGE, phoneShapeField } from './business-card';

// The phone's real check (issue 22): libphonenumber-js knows each country's lengths and
// prefixes, so 'call me maybe' or '+1 123' is refused. Only the Worker loads it (about 45 KB
// gzipped of metadata); the dashboard's form checks the shape and shows the Worker's answer.

/** As typed ('+44 20 7946 0958'), stored in E.164 ('+442079460958'); empty clears it. */
export const phoneField = phoneShapeField.transform((value, ctx) => {
  if (value === '') return '';
  const number = parsePhoneNumberFromString(value);
  if (!number?.isValid()) {
    ctx.issues.push({ code: 'custom', message: PHONE_MESSAGE, input: value });
    return z.NEVER;
  }
  return number.number;
});

/** '+442079460958' as people read it: '+44 20 7946 0958'; anything unparsable as stored. */
export const displayPhone = (e164: string) =>
  e164 ? (parsePhoneNumberFromString(e164)?.formatInternational() ?? e164) : '';
