import { aboutCards, aboutSection } from '../content';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';

/** About (id `about`, spec §2): Team-Led Expertise, 12+ Years in Tech, Problem-Solving DNA. */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="relative scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="about-title"
          eyebrow={aboutSection.eyebrow}
          title={aboutSection.title}
          intro={aboutSection.intro}
        />
        <ul className="mt-14 grid gap-5 md:grid-cols-3">
          {aboutCards.map((card) => (
            <FeatureCard key={card.title} card={card} />
          ))}
        </ul>
      </div>
    </section>
  );
}
