import type { SiteConfig } from '@/shared/site';
import { AboutSection } from '../sections/about-section';
import { AiSection } from '../sections/ai-section';
import { ContactSection } from '../sections/contact-section';
import { CurrentProjectsSection } from '../sections/current-projects-section';
import { FaqSection } from '../sections/faq-section';
import { HeroSection } from '../sections/hero-section';
import { MiniCrmSection } from '../sections/mini-crm-section';
import { ProcessSection } from '../sections/process-section';
import { ServicesSection } from '../sections/services-section';
import { SiteFooter } from '../sections/site-footer';
import { SiteHeader } from '../sections/site-header';
import { TestimonialsSection } from '../sections/testimonials-section';

/**
 * The desktop landing (768 px and up, docs/product.md §3.1): one scrolling page whose sections are grouped
 * into page1 (intro and services), page2 (portfolio and work) and page3 (get started).
 */
export function DesktopLanding({ site }: { site: SiteConfig }) {
  return (
    <>
      <SiteHeader site={site} />
      <main>
        <div id="page1" data-page="page1">
          <HeroSection site={site} />
          <ServicesSection />
          <MiniCrmSection />
          <AboutSection />
          <AiSection />
        </div>
        <div id="page2" data-page="page2">
          <CurrentProjectsSection site={site} />
          <TestimonialsSection site={site} />
          <ProcessSection site={site} />
        </div>
        <div id="page3" data-page="page3">
          <FaqSection site={site} />
          <ContactSection site={site} />
        </div>
      </main>
      <SiteFooter site={site} />
    </>
  );
}
