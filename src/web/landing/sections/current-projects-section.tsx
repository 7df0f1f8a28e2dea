import { ArrowUpRight } from 'lucide-react';
import type { SiteConfig } from '@/shared/site';
import { Badge } from '@/web/components/ui/badge';
import { PhoneVideo } from '../components/phone-video';
import { type Project, projects, projectsSection, sizedPoster } from '../content';
import { Island } from '../islands/island';
import { gridCells } from '../lib/card-grid';
import { projectLink } from '../lib/project-link';

/**
 * Current Projects (id `current-projects`, docs/product.md §3.1): 1 to 12 cards, each with a phone-frame video,
 * name, status badge and description; a card with a link opens it in a new tab. Where the page
 * moves after a successful dialog submission (docs/product.md §3.5). The page's centrepiece: a full-width
 * tinted band, wider than the other sections, with the phones at their largest
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md). The cards sit in balanced, centred
 * rows (at most 3 a row from 768 px, 4 from 1024 px; lib/card-grid.ts), and from 1024 px the band
 * keeps 80 px clear on the right, where the section buttons are (decision 070).
 */
export function CurrentProjectsSection({ site }: { site: SiteConfig }) {
  const md = gridCells(projects.length, 'md', 3, 3);
  const lg = gridCells(projects.length, 'lg', 4, 3);
  const cells = projects.map((_, index) => `${md[index]} ${lg[index]}`);
  return (
    <section
      id="current-projects"
      aria-labelledby="current-projects-title"
      tabIndex={-1}
      className="relative scroll-mt-16 py-14 outline-none"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 border-y border-white/5 bg-linear-to-b from-brand-blue/10 via-brand-magenta/[0.06] to-brand-cyan/10"
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-20">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-widest text-brand-cyan uppercase">
            {projectsSection.eyebrow}
          </p>
          <h2 id="current-projects-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
            {projectsSection.title}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{projectsSection.intro}</p>
        </div>
        <ul className="-mx-2.5 mt-10 grid gap-y-5 md:grid-cols-24">
          {projects.map((project, index) => (
            <ProjectCard key={project.id} project={project} site={site} cell={cells[index]} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One project card of the desktop grid; `cell` places it (lib/card-grid.ts). */
export function ProjectCard({ project, site, cell }: { project: Project; site: SiteConfig; cell?: string }) {
  const fill = (text: string) => text.replace('{project}', project.name);
  const link = projectLink(project.url);
  return (
    <li className={`flex px-2.5 ${cell ?? ''}`}>
      <div
        data-testid="project-card"
        className="group flex w-full flex-col rounded-[2rem] border border-white/10 bg-card/90 p-3 transition duration-300 hover:-translate-y-1 hover:border-white/25"
      >
        <div className="relative rounded-[1.6rem] bg-linear-to-b from-brand-blue/30 via-brand-blue/5 to-brand-magenta/20 px-3 py-7">
          <Island
            name="phone-video"
            component={PhoneVideo}
            site={site}
            props={{
              video: sizedPoster(project.video, 240),
              label: fill(projectsSection.videoLabel),
              pauseLabel: fill(projectsSection.pauseVideo),
              playLabel: fill(projectsSection.playVideo),
              size: 'lg' as const,
            }}
          />
        </div>
        <div className="flex flex-1 flex-col px-3 pt-5 pb-3">
          <Badge variant={project.status === 'Live' ? 'green' : 'magenta'} className="self-start">
            <span
              aria-hidden="true"
              className={
                project.status === 'Live'
                  ? 'size-1.5 rounded-full bg-emerald-300'
                  : 'size-1.5 rounded-full bg-fuchsia-300'
              }
            />
            {project.status}
          </Badge>
          <h3 className="mt-3 text-xl leading-snug font-bold tracking-tight">{project.name}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{project.description}</p>
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Built with">
            {project.stack.map((item) => (
              <li key={item} className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-foreground/80">
                {item}
              </li>
            ))}
          </ul>
          {link ? (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-auto inline-flex items-center gap-1.5 self-start rounded pt-5 text-sm font-medium text-brand-cyan underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {projectsSection.visit} {project.name}
              <ArrowUpRight className="size-4" aria-hidden="true" />
              <span className="sr-only">{projectsSection.newTab}</span>
            </a>
          ) : null}
        </div>
      </div>
    </li>
  );
}
