// Every journey of the browser suite, in the order they run (each on a phone and a desktop).
import type { Journey } from '../harness/journey.ts';
import { accessibilityDark, accessibilityLight } from './accessibility.ts';
import { activation } from './activation.ts';
import { cardIsland } from './card-island.ts';
import { errorScreens } from './error-screens.ts';
import { keyboard } from './keyboard.ts';
import { logout } from './logout.ts';
import { newcomer } from './newcomer.ts';
import { passwordReset } from './password-reset.ts';
import { qr } from './qr.ts';

export const journeys: Journey[] = [
  newcomer,
  passwordReset,
  errorScreens,
  qr,
  cardIsland,
  logout,
  keyboard,
  accessibilityLight,
  accessibilityDark,
  activation,
];
