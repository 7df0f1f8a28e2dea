import { ExternalLink } from 'lucide-react';
import type { SiteConfig } from '@/shared/site';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/utils';
import { PhoneVideo } from '../components/phone-video';
import { projects, projectsSection, sizedPoster } from '../content';
import { Island } from '../islands/island';
import { phoneGridCells } from '../lib/card-grid';
import { projectLink } from '../lib/project-link';

/**
 * The phone page's projects (docs/product.md §3.3): two a row, three in the last row of an odd
 * number, a single one centred (lib/card-grid.ts, decision 070). A card three across has tighter
 * padding and lets its status badge wrap.
 */
export function MobileProjects({ site }: { site: SiteConfig }) {
  const cells = phoneGridCells(projects.length);
  return (
    <ul className="-mx-1.5 grid grid-cols-12 gap-y-3">
      {projects.map((project, index) => {
        const fill = (text: string) => text.replace('{project}', project.name);
        const link = projectLink(project.url);
        // Three across (the last row of an odd number): tighter padding, the badge may wrap.
        const narrow = cells[index]?.includes('col-span-4');
        return (
          <li key={project.id} className={cn('flex px-1.5', cells[index])}>
            <div
              data-testid="project-card"
              className={cn(
                'flex w-full min-w-0 flex-col rounded-2xl border border-white/10 bg-card/80',
                narrow ? 'p-2' : 'p-3',
              )}
            >
              <Island
                name="phone-video"
                component={PhoneVideo}
                site={site}
                props={{
                  video: sizedPoster(project.video, 130),
                  label: fill(projectsSection.videoLabel),
                  pauseLabel: fill(projectsSection.pauseVideo),
                  playLabel: fill(projectsSection.playVideo),
                  size: 'sm' as const,
                }}
              />
              <h3 className="mt-3 text-sm leading-snug font-semibold wrap-break-word">{project.name}</h3>
              <Badge
                variant={project.status === 'Live' ? 'green' : 'magenta'}
                className={cn(
                  'mt-1.5 max-w-full whitespace-normal text-center leading-tight',
                  narrow && 'px-1.5',
                )}
              >
                {project.status}
              </Badge>
              <p className="mt-2 text-xs leading-relaxed text-muted-foreground">{project.description}</p>
              {link ? (
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-auto inline-flex min-h-8 items-center gap-1 pt-2 text-xs font-medium text-brand-cyan"
                >
                  {projectsSection.visit}
                  <ExternalLink className="size-3" aria-hidden="true" />
                  <span className="sr-only">
                    {project.name} {projectsSection.newTab}
                  </span>
                </a>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
