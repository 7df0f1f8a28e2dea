import { TooltipProvider } from '@/web/components/ui/tooltip';
import { BouncingLogo } from './bouncing-logo';
import { HexGridBackground } from './hex-grid-background';
import { SectionNav } from './section-nav';

/**
 * The landing's client-only extras (spec §2 'other visual elements'), loaded after hydration in
 * their own chunk: the hexagon-grid background, the bouncing logo and, from 1024 px, the
 * previous/next section buttons with their tooltips (700 ms / 300 ms, spec §9).
 */
export function AmbientLayer() {
  return (
    <TooltipProvider>
      <HexGridBackground />
      <BouncingLogo />
      <SectionNav />
    </TooltipProvider>
  );
}
