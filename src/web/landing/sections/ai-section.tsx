import { cn } from '@/web/lib/utils';
import { aiFeatures, aiSection } from '../content';
import { accentClasses } from '../lib/accents';
import { SectionHeading } from './section-heading';

/** The AI section (id `ai`, spec §2): Integrated CRM Backend, Smart Intake & Triage, Analytics & Insights. */
export function AiSection() {
  return (
    <section id="ai" aria-labelledby="ai-title" className="relative scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.25fr]">
        <SectionHeading
          id="ai-title"
          eyebrow={aiSection.eyebrow}
          title={aiSection.title}
          intro={aiSection.intro}
          className="lg:mx-0 lg:text-left"
        />
        <ul className="grid gap-4">
          {aiFeatures.map(({ title, description, icon: Icon, accent }) => (
            <li
              key={title}
              className="flex gap-5 rounded-2xl border border-white/10 bg-card/80 p-5 backdrop-blur transition hover:border-white/20"
            >
              <span
                className={cn(
                  'grid size-12 shrink-0 place-items-center rounded-xl ring-1',
                  accentClasses[accent].iconTile,
                )}
              >
                <Icon className="size-6" aria-hidden="true" />
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
