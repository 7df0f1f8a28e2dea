import { services, servicesSection } from '../content';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';

/** The services (id `services`, spec §2): six cards. */
export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="relative scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="services-title"
          eyebrow={servicesSection.eyebrow}
          title={servicesSection.title}
          intro={servicesSection.intro}
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <FeatureCard key={service.title} card={service} />
          ))}
        </ul>
      </div>
    </section>
  );
}
