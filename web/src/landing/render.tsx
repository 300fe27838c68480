import { renderToString } from 'react-dom/server';
import { LandingPage } from '@/features/landing/components/landing-page';

/** The landing page's HTML, rendered at build time into landing.html (build/prerender-landing.ts). */
export const renderLanding = () => renderToString(<LandingPage />);
