import { ChevronLeft, Menu } from 'lucide-react';
import * as React from 'react';
import type { SiteConfig } from '@/shared/site';
import { BrandLogo } from '@/web/components/brand-logo';
import { cn } from '@/web/lib/utils';
import { mobile, pages } from '../content';
import { type EmblaOptions, useLazyEmbla } from '../hooks/use-lazy-embla';
import { ServerHtml } from '../islands/island';
import { onMobilePageRequest } from '../lib/landing-events';
import { prefersReducedMotion } from '../lib/motion';
import { SCROLL_LOCK_MS } from '../lib/swipe-lock';
import { NAVIGATION_VIBRATION_MS, vibrate } from '../lib/vibrate';

const loadMenu = () => import('./mobile-menu');
const MobileMenu = React.lazy(() => loadMenu().then((module) => ({ default: module.MobileMenu })));

/**
 * The mobile layout (below 768 px, docs/product.md §3.3): three full-screen pages swiped horizontally with
 * Embla, a top bar ('n / total', the page title, a back button after page 1, the menu), a top
 * progress bar and dot indicators. Each page scrolls vertically on its own.
 *
 * Programmatic moves (back, dots, drawer, 'Get in Touch', after the contact dialog) vibrate
 * 10 ms and lock swiping for 500 ms; swipes vibrate on arrival (docs/product.md §14.1). Without JavaScript
 * the strip scrolls natively with snap points, so every page stays readable.
 */
export function MobileLanding({
  pageContent,
}: {
  site: SiteConfig;
  /**
   * The three pages' content, given on the server only (landing-page.tsx): in the browser this
   * island (the pager) keeps the pages' HTML as the server sent it and never hydrates or
   * re-renders it, and their code is not in its chunk; the interactive parts inside are islands
   * of their own (docs/decisions/045-landing-islands-and-one-brand-mark.md).
   */
  pageContent?: React.ReactNode[];
}) {
  const lockUntil = React.useRef(0);
  const options = React.useMemo<EmblaOptions>(
    () => ({ align: 'start', watchDrag: () => performance.now() >= lockUntil.current }),
    [],
  );
  const [viewportRef, api, embla] = useLazyEmbla(options);
  const [index, setIndex] = React.useState(0);
  const [menuOpen, setMenuOpen] = React.useState(false);
  const [menuRequested, setMenuRequested] = React.useState(false);
  const menuButton = React.useRef<HTMLButtonElement>(null);
  /** Id of the element to focus once the drawer has closed (else the menu button). */
  const focusAfterMenu = React.useRef<string | null>(null);
  const pageRefs = React.useRef<(HTMLElement | null)[]>([]);
  /** A page asked for before Embla ran (a tap right after load); Embla jumps there when ready. */
  const pendingTarget = React.useRef<number | null>(null);
  const total = pages.length;

  React.useEffect(() => {
    if (!api) return;
    if (pendingTarget.current !== null) {
      api.scrollTo(pendingTarget.current, true);
      pendingTarget.current = null;
    }
    const onSelect = () => {
      setIndex(api.selectedScrollSnap());
      vibrate(NAVIGATION_VIBRATION_MS);
    };
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  const goTo = React.useCallback(
    (target: number, focusId?: string) => {
      lockUntil.current = performance.now() + SCROLL_LOCK_MS;
      if (api) {
        if (target === api.selectedScrollSnap()) vibrate(NAVIGATION_VIBRATION_MS);
        api.scrollTo(target, prefersReducedMotion());
      } else {
        pendingTarget.current = target;
        vibrate(NAVIGATION_VIBRATION_MS);
      }
      setIndex(target);
      const pageElement = pageRefs.current[target];
      const focusTarget = focusId ? document.getElementById(`${focusId}-title`) : null;
      if (pageElement && focusTarget) {
        pageElement.scrollTo({ top: Math.max(0, focusTarget.offsetTop - 80) });
        focusTarget.focus({ preventScroll: true });
      }
    },
    [api],
  );

  React.useEffect(() => onMobilePageRequest(({ index: target, focusId }) => goTo(target, focusId)), [goTo]);

  const navigateFromMenu = (target: number, focusId?: string) => {
    focusAfterMenu.current = focusId ? `${focusId}-title` : null;
    setMenuOpen(false);
    goTo(target, focusId);
  };

  const current = pages[index] ?? pages[0];

  return (
    <div className="relative h-dvh overflow-hidden">
      <div aria-hidden="true" className="fixed inset-x-0 top-0 z-40 h-1 bg-white/5">
        <div
          data-testid="mobile-progress"
          className="h-full bg-linear-to-r from-brand-cyan via-brand-blue to-brand-magenta transition-[width] duration-300"
          style={{ width: `${((index + 1) / total) * 100}%` }}
        />
      </div>
      <header className="fixed inset-x-0 top-1 z-30 flex h-14 items-center gap-2 border-b border-white/5 bg-background/95 px-3">
        {index > 0 ? (
          <button
            type="button"
            aria-label={mobile.back}
            onClick={() => goTo(index - 1)}
            className="grid size-11 cursor-pointer place-items-center rounded-lg text-foreground outline-none hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
        ) : (
          <span className="grid size-11 place-items-center">
            <BrandLogo size={26} className="size-[26px]" />
          </span>
        )}
        <p className="flex min-w-0 flex-1 items-baseline gap-2" aria-live="polite">
          <span data-testid="mobile-position" className="font-mono text-xs text-brand-cyan">
            {index + 1} / {total}
          </span>
          <span data-testid="mobile-title" className="truncate font-semibold">
            {current.title}
          </span>
        </p>
        <button
          ref={menuButton}
          type="button"
          aria-label={mobile.menuOpen}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadMenu()}
          onTouchStart={() => void loadMenu()}
          onFocus={() => void loadMenu()}
          onClick={() => {
            setMenuRequested(true);
            setMenuOpen(true);
          }}
          className="grid size-11 cursor-pointer place-items-center rounded-lg outline-none hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>
      </header>

      {/* Both layouts are in the page and CSS shows one (landing-page.tsx); HTML allows one `main`
          element, which the desktop layout has, so the phone pages take the same landmark by role. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a second `main` element is invalid HTML. */}
      <div
        role="main"
        ref={viewportRef}
        data-testid="mobile-pages"
        className={cn(
          'h-full',
          api ? 'overflow-hidden' : 'no-scrollbar snap-x snap-mandatory overflow-x-auto',
        )}
      >
        <div className="flex h-full touch-pan-y">
          {pages.map((page, pageIndex) => (
            <ServerHtml
              as="section"
              key={page.id}
              id={`mobile-${page.id}`}
              ref={(element) => {
                pageRefs.current[pageIndex] = element;
              }}
              aria-label={`${pageIndex + 1} / ${total}: ${page.title}`}
              className="h-full min-w-0 shrink-0 grow-0 basis-full snap-start overflow-y-auto overscroll-contain px-5 pt-20 pb-28"
            >
              {pageContent?.[pageIndex]}
            </ServerHtml>
          ))}
        </div>
      </div>

      <nav
        aria-label={mobile.pagesLabel}
        className="fixed inset-x-0 bottom-0 z-30 flex justify-center bg-linear-to-t from-background via-background/80 to-transparent pt-6 pb-4"
      >
        <ol className="flex items-center gap-1 rounded-full border border-white/10 bg-background/95 px-2">
          {pages.map((page, pageIndex) => (
            <li key={page.id}>
              <button
                type="button"
                aria-label={mobile.goToPage
                  .replace('{n}', String(pageIndex + 1))
                  .replace('{title}', page.title)}
                aria-current={pageIndex === index ? 'true' : undefined}
                onClick={() => goTo(pageIndex)}
                className="grid size-8 cursor-pointer place-items-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'block h-2 rounded-full transition-all duration-300',
                    pageIndex === index
                      ? 'w-6 bg-linear-to-r from-brand-cyan to-brand-magenta'
                      : 'w-2 bg-white/30',
                  )}
                />
              </button>
            </li>
          ))}
        </ol>
      </nav>

      {embla}
      {menuRequested ? (
        <React.Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            currentIndex={index}
            onNavigate={(target) => navigateFromMenu(target)}
            onGetInTouch={() => navigateFromMenu(total - 1, 'm-contact')}
            onClosed={() => {
              const id = focusAfterMenu.current;
              focusAfterMenu.current = null;
              const target = id ? document.getElementById(id) : null;
              if (target) target.focus({ preventScroll: true });
              else menuButton.current?.focus();
            }}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}
