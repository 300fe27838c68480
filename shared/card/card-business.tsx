import type { BusinessCard } from '../schemas/business-card';
import type { CardWords } from './card-words';
import { roleLine } from './role-line';

// The business card's lines (docs/product.md §2, The card): title and company under the name, the location, and
// the phone and e-mail as tap targets. Shared by the visitor's card and the editor's preview,
// which passes what is being typed, so a value is drawn only once it is one a phone can dial.

export type BusinessLines = Partial<BusinessCard>;

/**
 * tel: with the digits and the number as people read it (the Worker's `phone_display`, or what
 * the owner is typing), or null for anything that is not shaped like an international number.
 */
export function phoneTarget(card: BusinessLines) {
  const digits = card.phone?.replace(/[\s().-]/g, '') ?? '';
  if (!/^\+[1-9]\d{6,14}$/.test(digits)) return null;
  return { href: `tel:${digits}`, text: card.phone_display?.trim() || digits };
}

/** A mailto: for a plausible address, else null (the server checked it; the preview may not have yet). */
export function emailTarget(value: string | undefined) {
  const address = value?.trim() ?? '';
  if (!/^[^\s@<>()"',;:\\]+@[^\s@<>()"',;:\\]+\.[^\s@<>()"',;:\\]+$/.test(address)) return null;
  return { href: `mailto:${address}`, text: address };
}

/** Under the name: pronouns, role and location, each only when given, each in its own direction. */
export function WorkLines({ card }: { card: BusinessLines }) {
  const role = roleLine(card);
  return (
    <>
      {card.pronouns?.trim() ? (
        <p className="pn" dir="auto">
          {card.pronouns.trim()}
        </p>
      ) : null}
      {role ? (
        <p className="role" dir="auto">
          {role}
        </p>
      ) : null}
      {card.location?.trim() ? (
        <p className="loc" dir="auto">
          {card.location.trim()}
        </p>
      ) : null}
    </>
  );
}

/** The phone and the public e-mail as buttons a thumb can hit (44 px high). */
export function ReachLinks({ card, words }: { card: BusinessLines; words: CardWords }) {
  const phone = phoneTarget(card);
  const email = emailTarget(card.public_email);
  if (!phone && !email) return null;
  return (
    <ul className="reach" aria-label={words.contact}>
      {phone ? (
        <li>
          {/* A number reads left to right in every language. */}
          <a href={phone.href} aria-label={words.call(phone.text)}>
            <span aria-hidden="true">☎</span> <bdi dir="ltr">{phone.text}</bdi>
          </a>
        </li>
      ) : null}
      {email ? (
        <li>
          <a href={email.href} aria-label={words.email(email.text)}>
            <span aria-hidden="true">✉</span> <bdi dir="ltr">{email.text}</bdi>
          </a>
        </li>
      ) : null}
    </ul>
  );
}
