// The accessibility journeys, each in light and in dark mode.
import type { Journey } from '../../harness/journey.ts';
import { dashboardScreens } from './dashboard-screens.ts';
import { overlays } from './overlays.ts';
import { publicScreens } from './public-screens.ts';

export const accessibilityJourneys: Journey[] = (['light', 'dark'] as const).flatMap((scheme) => [
  dashboardScreens(scheme),
  overlays(scheme),
  publicScreens(scheme),
]);
