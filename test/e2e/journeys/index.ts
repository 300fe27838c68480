// Every journey of the browser suite, in the order they start (each on a phone and a desktop).
// The long ones go first, so the two workers finish together.
import type { Journey } from '../harness/journey.ts';
import { accessibilityJourneys } from './accessibility/index.ts';
import { accountData } from './account-data.ts';
import { activation } from './activation.ts';
import { appFont } from './app-font.ts';
import { cardIsland } from './card-island.ts';
import { cardWeight } from './card-weight.ts';
import { contactExchange } from './contact-exchange.ts';
import { errorScreens } from './error-screens.ts';
import { keyboardJourneys } from './keyboard/index.ts';
import { logout } from './logout.ts';
import { newcomer } from './newcomer.ts';
import { operators } from './operators.ts';
import { passkey } from './passkey.ts';
import { passwordReset } from './password-reset.ts';
import { qr } from './qr.ts';
import { shareKit } from './share-kit.ts';
import { showQr } from './show-qr.ts';
import { signInEarly } from './sign-in-early.ts';
import { staticPaths } from './static-paths.ts';
import { twoFactor } from './two-factor.ts';

export const journeys: Journey[] = [
  newcomer,
  twoFactor('light'),
  twoFactor('dark'),
  ...accessibilityJourneys,
  ...keyboardJourneys,
  qr,
  cardIsland,
  cardWeight,
  passwordReset,
  signInEarly,
  errorScreens,
  logout,
  passkey,
  staticPaths,
  appFont,
  accountData,
  activation,
  operators,
  contactExchange('light'),
  contactExchange('dark'),
  shareKit('light'),
  shareKit('dark'),
  showQr('light'),
  showQr('dark'),
];
