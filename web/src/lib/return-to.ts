import { paths } from '@/config/paths';

// An invitation's link opened signed out (docs/product.md, Organisations): the dashboard's guard
// sends the person to sign in, and signing in (or registering) brings them back to the link, its
// secret in hand. Only these addresses are kept, so nothing else can steer where sign-in leads.
const KEY = 'cl_return_to';
const RETURNABLE: string[] = [paths.orgClaim, paths.orgJoin];

const returnable = (address: string) => RETURNABLE.some((path) => address === path || address.startsWith(`${path}?`));

/** Keeps the address, if it is one sign-in should come back to. */
export function rememberReturn(pathname: string, search: string) {
  const address = `${pathname}${search}`;
  if (!returnable(address)) return;
  try {
    sessionStorage.setItem(KEY, address);
  } catch {
    // Storage blocked: sign-in leads to the dashboard, and the mail's link still works.
  }
}

/**
 * Where to go once signed in: the kept address, else the dashboard. Kept until the screen it names
 * is shown (forgetReturn), as both the sign-in form and the sign-in route may ask.
 */
export function returnAddress(): string {
  let address: string | null = null;
  try {
    address = sessionStorage.getItem(KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
  return address && returnable(address) ? address : paths.dashboard;
}

/** The kept address has been reached. */
export function forgetReturn() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
