import { ArrowUpRight } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { PhoneVideo } from '../components/phone-video';
import { type Project, projects, projectsSection } from '../content';
import { projectLink } from '../lib/project-link';

/**
 * Current Projects (id `current-projects`, spec §2): four cards, each with a phone-frame video,
 * name, status badge and description; a card with a link opens it in a new tab. Where the page
 * moves after a successful dialog submission (spec §4).
 */
export function CurrentProjectsSection() {
  return (
    <section
      id="current-projects"
      aria-labelledby="current-projects-title"
      tabIndex={-1}
      className="relative scroll-mt-16 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-widest text-brand-cyan uppercase">
            {projectsSection.eyebrow}
          </p>
          <h2 id="current-projects-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
            {projectsSection.title}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{projectsSection.intro}</p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One project card of the desktop grid. */
export function ProjectCard({ project }: { project: Project }) {
  const fill = (text: string) => text.replace('{project}', project.name);
  const link = projectLink(project.url);
  return (
    <li className="group flex flex-col rounded-3xl border border-white/10 bg-card/70 p-5 backdrop-blur transition duration-300 hover:border-white/20 hover:bg-card/90">
      <div className="relative rounded-2xl bg-linear-to-b from-brand-blue/20 via-transparent to-brand-magenta/10 py-5">
        <PhoneVideo
          video={project.video}
          label={fill(projectsSection.videoLabel)}
          pauseLabel={fill(projectsSection.pauseVideo)}
          playLabel={fill(projectsSection.playVideo)}
        />
      </div>
      <Badge variant={project.status === 'Live' ? 'green' : 'magenta'} className="mt-5">
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
      <h3 className="mt-2 text-lg leading-snug font-semibold">{project.name}</h3>
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
    </li>
  );
}
