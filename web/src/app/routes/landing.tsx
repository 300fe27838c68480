import { LandingPage } from '@/features/landing/components/landing-page';

/** The landing page inside the app (the Worker serves its prerendered copy at /). */
export const Component = LandingPage;
