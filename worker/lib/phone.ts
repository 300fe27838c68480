// A stored phone shown as people read it, in its international format. libphonenumber-js and its metadata load on
// the first card with a phone an isolate answers (loadPhones), not at start-up: most card views
// never need them (test/scripts/worker-budget.test.ts).
import type * as PhoneModule from '@shared/schemas/phone';

type Phones = typeof PhoneModule;

let phones: Phones | null = null;

/** Loads the phone formatter once per isolate; services call it before they show a phone. */
export async function loadPhones(): Promise<Phones> {
  phones ??= await import('@shared/schemas/phone');
  return phones;
}

/** '+442079460958' as '+44 20 7946 0958' (after loadPhones; before it, as stored). */
export const displayPhone = (e164: string) => (e164 ? (phones?.displayPhone(e164) ?? e164) : '');
