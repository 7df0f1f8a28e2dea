import { cn } from '@/web/lib/utils';
import { aiFeatures, aiSection } from '../content';
import { accentClasses } from '../lib/accents';
import { SectionHeading } from './section-heading';

/**
 * The AI section (id `ai`, docs/product.md §3.1): Integrated CRM Backend, Smart Intake & Triage, Analytics &
 * Insights as rows of one glass panel (a list, not a grid of cards) beside the heading.
 */
export function AiSection() {
  return (
    <section id="ai" aria-labelledby="ai-title" className="relative scroll-mt-16 py-12">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.25fr] lg:gap-16">
        <SectionHeading
          id="ai-title"
          eyebrow={aiSection.eyebrow}
          title={aiSection.title}
          intro={aiSection.intro}
          className="lg:mx-0 lg:text-left"
        />
        <ul className="divide-y divide-white/10 rounded-3xl border border-white/10 bg-card/90 px-6">
          {aiFeatures.map(({ title, description, icon: Icon, accent }) => (
            <li key={title} className="flex gap-5 py-6">
              <span
                className={cn(
                  'grid size-12 shrink-0 place-items-center rounded-full ring-1',
                  accentClasses[accent].iconTile,
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
