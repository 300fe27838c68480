import { words } from '@/lib/i18n';
import { worthChecking, type UsernameCheck } from '@/lib/username';
import { richText } from './rich-text';

const t = words('register');

/**
 * Under the username: the card's address it gives and whether it is free (docs/product.md §2, Register). A message
 * the field already shows as its error is not repeated here.
 */
export function UsernameStatus({
  id,
  username,
  check,
  fieldError,
}: {
  id: string;
  username: string;
  check: UsernameCheck | null;
  fieldError: boolean;
}) {
  const address =
    worthChecking(username) && check?.state !== 'invalid' ? `${window.location.origin}/p/${username}` : null;
  const state = fieldError ? null : check?.state;
  // One sentence per state, so each language orders the address and the verdict its own way.
  const sentence =
    state === 'available'
      ? 'register.card_available'
      : state === 'taken'
        ? 'register.card_taken'
        : 'register.card_address';
  return (
    <p id={id} role="status" className="mt-1.5 text-sm break-all text-slate-600 dark:text-slate-300">
      {address &&
        richText(t(sentence, { address }), [
          (text) => (
            <span dir="ltr" className="font-medium text-slate-900 dark:text-slate-100">
              {text}
            </span>
          ),
          (text) => (
            <span
              className={
                state === 'available' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
              }
            >
              {text}
            </span>
          ),
        ])}
      {state === 'invalid' && check?.state === 'invalid' && (
        <span className="text-red-700 dark:text-red-400">{check.message}</span>
      )}
    </p>
  );
}
