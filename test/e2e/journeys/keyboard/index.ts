// The keyboard-only journeys, one per screen group so they run side by side.
import type { Journey } from '../../harness/journey.ts';
import { keyboardLinks } from './links.ts';
import { keyboardNavigation } from './navigation.ts';
import { keyboardPasswordReset } from './password-reset.ts';
import { keyboardProfile } from './profile.ts';
import { keyboardThemesTemplates } from './themes-templates.ts';

export const keyboardJourneys: Journey[] = [
  keyboardNavigation,
  keyboardLinks,
  keyboardProfile,
  keyboardThemesTemplates,
  keyboardPasswordReset,
];
