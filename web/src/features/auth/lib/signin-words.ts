import { loadWords } from '@/lib/i18n';

/**
 * A part of the sign-in screens fetched on demand (the second factor, the activation dialog, the
 * forms' checks), with the words it speaks: area `signin`, outside the screens' first load.
 */
export const withSignInWords = <T>(module: Promise<T>) =>
  Promise.all([module, loadWords('signin')]).then(([loaded]) => loaded);
