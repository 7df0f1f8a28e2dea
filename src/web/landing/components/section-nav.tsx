import { ChevronDown, ChevronUp } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/web/lib/utils';
import { sectionNav } from '../content';
import { scrollToSection } from '../lib/scroll-to-section';

/** Distance from the top of the viewport at which a section counts as the current one. */
const CURRENT_OFFSET_PX = 120;

function currentSectionIndex(): number {
  let current = 0;
  sectionNav.sections.forEach((section, index) => {
    const element = document.getElementById(section.id);
    if (element && element.getBoundingClientRect().top <= CURRENT_OFFSET_PX) current = index;
  });
  return current;
}

type TooltipParts = typeof import('@/web/components/ui/tooltip');

/** First signs of a person at the page: the tooltip code is fetched on the first of them. */
const INTERACTION_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** A held pointer or key, as the press and its release both name it. */
function heldKey(event: Event): string {
  if (event instanceof KeyboardEvent) return `key:${event.code}`;
  return `pointer:${(event as PointerEvent).pointerId}`;
}

/**
 * Loads the tooltip code (Radix Tooltip and Floating UI, ~17 KB brotli) on the first
 * interaction with the page, not at start: a tooltip opens only after 700 ms of hovering or on
 * keyboard focus, and both begin with such an interaction (decision 028). Adding the tooltips
 * remounts the buttons: it waits until no pointer button or key is held (a press on the old button
 * and its release on the new one would be no click), and a button that had focus gets it back.
 */
function useTooltipParts(nav: React.RefObject<HTMLElement | null>): TooltipParts | null {
  const [loaded, setLoaded] = React.useState<{ parts: TooltipParts; focused: string | null } | null>(null);
  React.useEffect(() => {
    let cancelled = false;
    // Pointers and keys held now (a held key repeats its keydown: a set, not a count).
    const held = new Set<string>();
    let apply: (() => void) | null = null;
    const press = (event: Event) => {
      held.add(heldKey(event));
    };
    // After the release, a task later: the click (or the key's activation) is dispatched first.
    const release = (event: Event) => {
      // The window's own blur (no release follows it), not an element's seen while capturing.
      if (event.type === 'blur') {
        if (event.target !== window) return;
        held.clear();
      } else held.delete(heldKey(event));
      if (held.size === 0 && apply) setTimeout(() => apply?.(), 0);
    };
    const presses = [
      ['pointerdown', press],
      ['keydown', press],
      ['pointerup', release],
      ['pointercancel', release],
      ['keyup', release],
      ['blur', release],
    ] as const;
    const load = () => {
      for (const type of INTERACTION_EVENTS) window.removeEventListener(type, load, true);
      void import('@/web/components/ui/tooltip').then((parts) => {
        apply = () => {
          if (cancelled || held.size > 0) return;
          apply = null;
          for (const [type, listener] of presses) window.removeEventListener(type, listener, true);
          const active = document.activeElement;
          const focused = active && nav.current?.contains(active) ? active.getAttribute('aria-label') : null;
          setLoaded({ parts, focused });
        };
        apply();
      });
    };
    for (const [type, listener] of presses) window.addEventListener(type, listener, true);
    for (const type of INTERACTION_EVENTS)
      window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      cancelled = true;
      for (const [type, listener] of presses) window.removeEventListener(type, listener, true);
      for (const type of INTERACTION_EVENTS) window.removeEventListener(type, load, true);
    };
  }, [nav]);
  React.useLayoutEffect(() => {
    if (!loaded?.focused) return;
    for (const button of nav.current?.querySelectorAll('button') ?? []) {
      if (button.getAttribute('aria-label') === loaded.focused) button.focus();
    }
  }, [loaded, nav]);
  return loaded?.parts ?? null;
}

/**
 * Previous/next section buttons on the right edge, shown from 1024 px (docs/product.md §3.1, §14.1), each
 * with a tooltip naming where it goes (docs/product.md §14.1, from `TooltipProvider`) once the tooltip code
 * has loaded; until then they are plain labelled buttons.
 */
export function SectionNav() {
  const [current, setCurrent] = React.useState(0);
  const navRef = React.useRef<HTMLElement>(null);
  const tooltips = useTooltipParts(navRef);

  React.useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setCurrent(currentSectionIndex());
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  const sections = sectionNav.sections;
  const previous = current > 0 ? sections[current - 1] : undefined;
  const next = current < sections.length - 1 ? sections[current + 1] : undefined;

  const nav = (
    <nav
      ref={navRef}
      aria-label={sectionNav.label}
      data-testid="section-nav"
      className="fixed top-1/2 right-5 z-30 hidden -translate-y-1/2 flex-col gap-2 lg:flex"
    >
      <NavButton
        label={sectionNav.previous}
        target={previous}
        icon={<ChevronUp aria-hidden="true" />}
        tooltips={tooltips}
      />
      <NavButton
        label={sectionNav.next}
        target={next}
        icon={<ChevronDown aria-hidden="true" />}
        tooltips={tooltips}
      />
    </nav>
  );
  return tooltips ? <tooltips.TooltipProvider>{nav}</tooltips.TooltipProvider> : nav;
}

function NavButton({
  label,
  target,
  icon,
  tooltips,
}: {
  label: string;
  target: { id: string; label: string } | undefined;
  icon: React.ReactNode;
  tooltips: TooltipParts | null;
}) {
  const button = (
    <button
      type="button"
      aria-label={label}
      disabled={!target}
      onClick={() => target && scrollToSection(target.id)}
      className={cn(
        'grid size-11 cursor-pointer place-items-center rounded-full border border-white/15 bg-background/90 text-foreground shadow-lg shadow-black/30 transition outline-none hover:border-brand-cyan/50 hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:opacity-35 [&_svg]:size-5',
      )}
    >
      {icon}
    </button>
  );
  if (!target || !tooltips) return button;
  const { Tooltip, TooltipContent, TooltipTrigger } = tooltips;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="left">{target.label}</TooltipContent>
    </Tooltip>
  );
}
