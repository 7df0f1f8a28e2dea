import { CheckCircle2, ExternalLink, Mail } from 'lucide-react';
import type { SiteConfig } from '@/shared/site';
import { FloatingCloud } from '../components/floating-cloud';
import { hero, stats } from '../content';
import { Island } from '../islands/island';
import { HeroActions } from '../islands/small-islands';

/**
 * The hero (id `hero`, docs/product.md §3.1): headline, 'Start a project' (contact dialog), 'Explore
 * services' (scrolls to the services), the social follow link, stats, and the floating cloud that appears
 * after the intro. Server HTML but for the buttons and the cloud (islands).
 */
export function HeroSection({ site }: { site: SiteConfig }) {
  return (
    <section id="hero" aria-labelledby="hero-title" className="relative scroll-mt-16 pt-28 pb-12 sm:pt-36">
      <Island name="floating-cloud" component={FloatingCloud} site={site} />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 sm:px-6 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 text-sm text-muted-foreground">
            <span
              aria-hidden="true"
              className="size-2 rounded-full bg-brand-cyan shadow-[0_0_12px] shadow-brand-cyan"
            />
            {hero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-[2.625rem] leading-[1.08] font-bold tracking-tight sm:text-6xl lg:text-[3.5rem] xl:text-[4rem]"
          >
            {hero.headline.map((line, index) => (
              <span key={line} className={index === 1 ? 'text-gradient block' : 'block'}>
                {line}
              </span>
            ))}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-muted-foreground">{hero.intro}</p>
          <div className="mt-10 flex flex-wrap items-center gap-4">
            <Island name="hero-actions" component={HeroActions} site={site} />
          </div>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
            <a
              href={site.socialUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 rounded text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {hero.socialLabel}
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{hero.newTab}</span>
            </a>
            <a
              href={`mailto:${site.email}`}
              className="inline-flex items-center gap-1.5 rounded text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Mail className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{hero.emailLabel}: </span>
              {site.email}
            </a>
          </div>
        </div>
        <HeroVisual />
      </div>
      <dl className="mx-auto mt-16 grid max-w-6xl grid-cols-3 gap-4 px-4 sm:px-6">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col rounded-2xl border border-white/10 bg-white/[0.03] px-2 py-5 text-center sm:px-4"
          >
            <dt className="text-sm text-muted-foreground">{stat.longLabel}</dt>
            <dd className="text-gradient order-first text-[1.75rem] font-bold tracking-tight sm:text-4xl">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Decorative preview of the mini CRM every site ships with (hidden from assistive tech). */
function HeroVisual() {
  const leads = [
    { name: 'Maya R.', note: 'New website + booking', tone: 'bg-brand-cyan' },
    { name: 'Jon P.', note: 'AI intake for a clinic', tone: 'bg-brand-magenta' },
    { name: 'Priya S.', note: 'Shop redesign', tone: 'bg-brand-blue' },
  ];
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="absolute -inset-6 rounded-[2rem] bg-linear-to-br from-brand-cyan/30 via-brand-blue/20 to-brand-magenta/30 blur-2xl" />
      <div className="relative rounded-3xl border border-white/10 bg-card/90 p-6 shadow-2xl shadow-black/40">
        <div className="flex items-center justify-between">
          <p className="text-sm font-medium">Mini CRM</p>
          <span className="rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs text-emerald-200">Live</span>
        </div>
        <div className="mt-5 grid grid-cols-3 gap-3">
          {[
            ['Visits', '1,284'],
            ['Leads', '37'],
            ['Follow-ups', '5'],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl border border-white/5 bg-white/[0.04] p-3">
              <p className="text-xs text-muted-foreground">{label}</p>
              <p className="mt-1 text-xl font-semibold">{value}</p>
            </div>
          ))}
        </div>
        <div className="mt-5 flex h-24 items-end gap-1.5">
          {[35, 50, 42, 64, 58, 72, 66, 84, 78, 92, 88, 100].map((h, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: static decorative bars
              key={i}
              className="flex-1 rounded-t-md bg-linear-to-t from-brand-blue/60 to-brand-cyan/80"
              style={{ height: `${h}%` }}
            />
          ))}
        </div>
        <ul className="mt-5 grid gap-2">
          {leads.map((lead) => (
            <li
              key={lead.name}
              className="flex items-center gap-3 rounded-xl border border-white/5 bg-white/[0.04] px-3 py-2.5"
            >
              <span className={`size-2 rounded-full ${lead.tone}`} />
              <span className="text-sm font-medium">{lead.name}</span>
              <span className="truncate text-sm text-muted-foreground">{lead.note}</span>
              <CheckCircle2 className="ml-auto size-4 text-brand-cyan" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
