import { Mail, MessageCircle } from 'lucide-react';
import type { SiteConfig } from '@/shared/site';
import { Button } from '@/web/components/ui/button';
import { FaqQuestion } from '../components/faq-question';
import { faqCategories, faqSection } from '../content';
import { Island } from '../islands/island';
import { FaqContactButton } from '../islands/small-islands';
import { SectionHeading } from './section-heading';

/** FAQ (id `faq`, docs/product.md §3.1): five categories of two questions and a call to action. */
export function FaqSection({ site }: { site: SiteConfig }) {
  return (
    <section id="faq" aria-labelledby="faq-title" className="relative scroll-mt-16 py-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="faq-title"
          eyebrow={faqSection.eyebrow}
          title={faqSection.title}
          intro={faqSection.intro}
        />
        <div className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {faqCategories.map(({ category, icon: Icon, items }) => (
            <section
              key={category}
              aria-label={category}
              className="rounded-2xl border border-white/10 bg-card/90 p-5"
            >
              <h3 className="flex items-center gap-2.5 font-semibold">
                <span className="grid size-8 place-items-center rounded-lg bg-white/5 text-brand-cyan ring-1 ring-white/10">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                {category}
              </h3>
              <div className="mt-4 grid gap-2.5">
                {items.map((item) => (
                  <FaqQuestion key={item.question} item={item} />
                ))}
              </div>
            </section>
          ))}
          <div className="flex flex-col justify-between rounded-2xl border border-white/10 bg-linear-to-br from-brand-blue/25 via-card/80 to-brand-magenta/20 p-6">
            <div>
              <MessageCircle className="size-8 text-brand-cyan" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-bold tracking-tight">{faqSection.ctaTitle}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{faqSection.ctaText}</p>
            </div>
            <div className="mt-6 grid gap-3">
              <Island name="faq-contact-button" component={FaqContactButton} site={site} />
              <Button asChild variant="outline">
                <a href={`mailto:${site.email}`}>
                  <Mail aria-hidden="true" />
                  {site.email}
                </a>
              </Button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
