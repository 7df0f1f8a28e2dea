import { cn } from '@/web/lib/utils';
import { miniCrmFeatures, miniCrmSection } from '../content';
import { accentClasses } from '../lib/accents';
import { SectionHeading } from './section-heading';

/** 'Every Site Gets a Brain' (id `mini-crm`, spec §2): the three mini-CRM features. */
export function MiniCrmSection() {
  return (
    <section id="mini-crm" aria-labelledby="mini-crm-title" className="relative scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl border border-white/10 bg-linear-to-br from-brand-blue/15 via-card/80 to-brand-magenta/10 px-6 py-14 sm:px-12">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-24 size-72 rounded-full bg-brand-cyan/20 blur-3xl"
          />
          <SectionHeading
            id="mini-crm-title"
            eyebrow={miniCrmSection.eyebrow}
            title={miniCrmSection.title}
            intro={miniCrmSection.intro}
          />
          <ol className="relative mt-12 grid gap-6 md:grid-cols-3">
            {miniCrmFeatures.map(({ title, description, icon: Icon, accent }, index) => (
              <li key={title} className="relative rounded-2xl border border-white/10 bg-background/60 p-6">
                <div className="flex items-center justify-between">
                  <span
                    className={cn(
                      'grid size-12 place-items-center rounded-2xl ring-1',
                      accentClasses[accent].iconTile,
                    )}
                  >
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <span aria-hidden="true" className="font-mono text-sm text-muted-foreground">
                    0{index + 1}
                  </span>
                </div>
                <h3 className="mt-5 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
