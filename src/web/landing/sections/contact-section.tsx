import { Check, Mail } from 'lucide-react';
import type { SiteConfig } from '@/shared/site';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { contactSection } from '../content';
import { Island } from '../islands/island';
import { LandingContactForm } from '../islands/small-islands';

/**
 * The contact section (id `contact`, docs/product.md §3.1): a card headed "Let's build what's next" with the
 * form.
 */
export function ContactSection({ site }: { site: SiteConfig }) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="relative scroll-mt-16 py-12 outline-none"
    >
      <div className="mx-auto grid max-w-6xl items-start gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.2fr]">
        <div className="lg:pt-6">
          <p className="text-sm font-semibold tracking-widest text-brand-cyan uppercase">
            {contactSection.eyebrow}
          </p>
          <p className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
            {contactSection.lead} <span className="text-gradient">{contactSection.leadAccent}</span>
          </p>
          <ul className="mt-8 grid gap-3">
            {contactSection.promises.map((promise) => (
              <li key={promise} className="flex items-center gap-3 text-muted-foreground">
                <span className="grid size-6 place-items-center rounded-full bg-brand-cyan/15 text-brand-cyan">
                  <Check className="size-3.5" aria-hidden="true" />
                </span>
                {promise}
              </li>
            ))}
          </ul>
          <a
            href={`mailto:${site.email}`}
            className="mt-8 inline-flex items-center gap-2 rounded text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Mail className="size-4 text-brand-magenta" aria-hidden="true" />
            {site.email}
          </a>
        </div>
        <div className="relative">
          <div
            aria-hidden="true"
            className="absolute -inset-4 rounded-[2rem] bg-linear-to-br from-brand-cyan/20 via-brand-blue/10 to-brand-magenta/25 blur-2xl"
          />
          <Card className="relative border-white/10">
            <CardHeader>
              <CardTitle as="h2" id="contact-title" className="text-2xl tracking-tight sm:text-3xl">
                {contactSection.title}
              </CardTitle>
              <CardDescription className="text-base!">{contactSection.intro}</CardDescription>
            </CardHeader>
            <CardContent>
              <Island
                name="contact-form"
                component={LandingContactForm}
                site={site}
                props={{ idPrefix: 'contact' }}
              />
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
