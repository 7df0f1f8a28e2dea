import type { SiteConfig } from '@/shared/site';
import { BrandLockup } from '@/web/components/brand-logo';
import { Button } from '@/web/components/ui/button';
import { header, navItems } from '../content';

/**
 * Fixed top bar of the desktop landing: brand, section links and a shortcut to the contact
 * form. Plain in-page links: they work before hydration; CSS makes the jump smooth unless motion
 * is reduced.
 */
export function SiteHeader({ site }: { site: SiteConfig }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-white/5 bg-background/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a
          href="#hero"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <BrandLockup name={site.name} />
        </a>
        <nav aria-label={header.navLabel}>
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.sectionId}>
                <a
                  href={`#${item.sectionId}`}
                  className="rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Button asChild variant="outline" size="sm">
          <a href="#contact">{header.contactCta}</a>
        </Button>
      </div>
    </header>
  );
}
