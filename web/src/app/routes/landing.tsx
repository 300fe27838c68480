import { CallToAction, LandingFooter } from '@/features/landing/components/call-to-action';
import { FeaturesSection, HowItWorksSection } from '@/features/landing/components/features-section';
import { Hero } from '@/features/landing/components/hero';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { TestimonialsSection } from '@/features/landing/components/testimonials-section';

/** The landing page (spec section 2). */
export function Component() {
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
