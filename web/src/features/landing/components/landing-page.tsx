import { CallToAction, LandingFooter } from './call-to-action';
import { FeaturesSection, HowItWorksSection } from './features-section';
import { Hero } from './hero';
import { LandingHeader } from './landing-header';
import { TestimonialsSection } from './testimonials-section';

/**
 * The landing page. Rendered to HTML at build time and hydrated by its own small entry
 * (web/src/landing/), and also a lazy route of the app for navigations inside it.
 */
export function LandingPage() {
  return (
    <>
      <LandingHeader />
      <main>
        <Hero />
        <FeaturesSection />
        <HowItWorksSection />
        <TestimonialsSection />
        <CallToAction />
      </main>
      <LandingFooter />
    </>
  );
}
