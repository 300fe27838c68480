import { worthChecking, type UsernameCheck } from '../lib/username';

/**
 * Under the username: the card's address it gives and whether it is free (issue 23). A message
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
  return (
    <p id={id} role="status" className="mt-1.5 text-sm break-all text-slate-600 dark:text-slate-300">
      {address && (
        <>
          Your card: <span className="font-medium text-slate-900 dark:text-slate-100">{address}</span>
        </>
      )}
      {!fieldError && check?.state === 'available' && (
        <span className="text-emerald-700 dark:text-emerald-400"> (available)</span>
      )}
      {!fieldError && check?.state === 'taken' && (
        <span className="text-red-700 dark:text-red-400"> is already taken. Try another username.</span>
      )}
      {!fieldError && check?.state === 'invalid' && (
        <span className="text-red-700 dark:text-red-400">{check.message}</span>
      )}
    </p>
  );
}
