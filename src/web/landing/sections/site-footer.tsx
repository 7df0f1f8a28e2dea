import { ExternalLink } from 'lucide-react';
import type { SiteConfig } from '@/shared/site';
import { BrandLockup } from '@/web/components/brand-logo';
import { footer, hero, navItems } from '../content';

/** The landing's footer: brand, tagline, section links, contact address and social link. */
export function SiteFooter({ site }: { site: SiteConfig }) {
  return (
    <footer className="border-t border-white/5 py-12">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 text-sm text-muted-foreground sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="grid content-start gap-3">
          <BrandLockup name={site.name} className="text-foreground" />
          <p className="max-w-xs">{footer.tagline}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid gap-2">
            {navItems.map((item) => (
              <li key={item.sectionId}>
                <a href={`#${item.sectionId}`} className="hover:text-foreground">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid content-start gap-2">
          <a href={`mailto:${site.email}`} className="hover:text-foreground">
            {site.email}
          </a>
          <a
            href={site.socialUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 hover:text-foreground"
          >
            {hero.socialLabel}
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{hero.newTab}</span>
          </a>
          <p className="mt-2">
            © {site.name}. {footer.rights}
          </p>
        </div>
      </div>
    </footer>
  );
}
