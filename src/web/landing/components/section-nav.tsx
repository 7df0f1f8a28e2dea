import { ChevronDown, ChevronUp } from 'lucide-react';
import * as React from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';
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

/**
 * Previous/next section buttons on the right edge, shown from 1024 px (spec §2, §9), each with
 * a tooltip naming where it goes. Needs a `TooltipProvider` above it.
 */
export function SectionNav() {
  const [current, setCurrent] = React.useState(0);

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

  return (
    <nav
      aria-label={sectionNav.label}
      data-testid="section-nav"
      className="fixed top-1/2 right-5 z-30 hidden -translate-y-1/2 flex-col gap-2 lg:flex"
    >
      <NavButton label={sectionNav.previous} target={previous} icon={<ChevronUp aria-hidden="true" />} />
      <NavButton label={sectionNav.next} target={next} icon={<ChevronDown aria-hidden="true" />} />
    </nav>
  );
}

function NavButton({
  label,
  target,
  icon,
}: {
  label: string;
  target: { id: string; label: string } | undefined;
  icon: React.ReactNode;
}) {
  const button = (
    <button
      type="button"
      aria-label={label}
      disabled={!target}
      onClick={() => target && scrollToSection(target.id)}
      className={cn(
        'grid size-11 cursor-pointer place-items-center rounded-full border border-white/15 bg-background/70 text-foreground shadow-lg shadow-black/30 backdrop-blur transition outline-none hover:border-brand-cyan/50 hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:opacity-35 [&_svg]:size-5',
      )}
    >
      {icon}
    </button>
  );
  if (!target) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="left">{target.label}</TooltipContent>
    </Tooltip>
  );
}
