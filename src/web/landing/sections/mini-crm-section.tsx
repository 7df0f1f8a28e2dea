import { cn } from '@/web/lib/utils';
import { miniCrmFeatures, miniCrmSection } from '../content';
import { accentClasses } from '../lib/accents';
import { SectionHeading } from './section-heading';

/**
 * 'Every Site Gets a Brain' (id `mini-crm`, docs/product.md §3.1): one panel whose three features are columns
 * divided by hairlines, numbered like the steps of a flow (an enquiry arrives, is counted, is
 * followed up), rather than three more cards.
 */
export function MiniCrmSection() {
  return (
    <section id="mini-crm" aria-labelledby="mini-crm-title" className="relative scroll-mt-16 py-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-[2rem] border border-white/10 bg-linear-to-br from-brand-blue/20 via-card/90 to-brand-magenta/15 px-6 py-12 sm:px-12">
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
          <ol className="relative mt-12 grid border-white/10 md:grid-cols-3 md:divide-x md:divide-white/10">
            {miniCrmFeatures.map(({ title, description, icon: Icon, accent }, index) => (
              <li
                key={title}
                className="relative border-t border-white/10 py-8 md:border-t-0 md:px-8 md:py-2 md:first:pl-0 md:last:pr-0"
              >
                <span
                  aria-hidden="true"
                  className="text-gradient font-mono text-5xl font-bold tracking-tighter opacity-90"
                >
                  0{index + 1}
                </span>
                <h3 className="mt-4 flex items-center gap-3 text-xl font-semibold">
                  <span
                    className={cn(
                      'grid size-9 place-items-center rounded-xl ring-1',
                      accentClasses[accent].iconTile,
                    )}
                  >
                    <Icon className="size-4.5" aria-hidden="true" />
                  </span>
                  {title}
                </h3>
                <p className="mt-3 leading-relaxed text-muted-foreground">{description}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
