/**
 * The landing's content as the section components read it (docs/product.md §1.2): the published
 * content document (src/shared/site-content.ts, decision 067) applied by {@link applyContent}
 * before a render. The server renders each page in a fresh worker (load-pages.ts) after applying
 * the document; the browser applies the slice the server wrote beside the page
 * (`<script type="application/json" id="site-content">`) before any island renders. The exports
 * are live bindings, so a component reads the applied values when it renders.
 *
 * The brand name, short name, contact email and social link are runtime configuration
 * (`SiteConfig`), not content; texts that name the brand take it as `{name}` / `{shortName}` and
 * are filled with {@link withBrand}.
 */

import {
  BarChart3,
  BellRing,
  Bot,
  BrainCircuit,
  Code2,
  Database,
  FlaskConical,
  Handshake,
  Inbox,
  Lightbulb,
  type LucideIcon,
  MonitorSmartphone,
  Sparkles,
  Users,
  Workflow,
  Wrench,
} from 'lucide-react';
import type { Accent, IconName, IslandContent, SiteContent } from '@/shared/site-content';
import { mediaSrcSet } from '@/shared/site-media';
import agencyPoster from './assets/projects/agency-website.jpg';
import agencyMp4 from './assets/projects/agency-website.mp4';
import agencyWebm from './assets/projects/agency-website.webm';
import autoPoster from './assets/projects/auto-services.jpg';
import autoMp4 from './assets/projects/auto-services.mp4';
import autoWebm from './assets/projects/auto-services.webm';
import documentPoster from './assets/projects/document-analysis.jpg';
import documentMp4 from './assets/projects/document-analysis.mp4';
import documentWebm from './assets/projects/document-analysis.webm';
import maritimePoster from './assets/projects/maritime-store.jpg';
import maritimeMp4 from './assets/projects/maritime-store.mp4';
import maritimeWebm from './assets/projects/maritime-store.webm';

export type { Accent } from '@/shared/site-content';

/** A card with an icon, a title and a short text (services, mini CRM, about, AI features). */
export interface FeatureCard {
  title: string;
  description: string;
  icon: LucideIcon;
  accent: Accent;
  /** Short proof points shown under the text on desktop. */
  points?: string[];
}

/** A headline number (docs/product.md §1.2 brand claims). */
export type Stat = SiteContent['stats'][number];

/** A link in the landing's top navigation, pointing at a section id. */
export type NavItem = SiteContent['navItems'][number];

/** A phone-frame screen recording: H.264 MP4, VP9 WebM when there is one, and a poster, as URLs the page loads. */
export interface ProjectVideo {
  mp4: string;
  webm?: string;
  poster: string;
  /** An uploaded poster's widths (src/shared/site-media.ts); none for a built one. */
  posterSrcSet?: string;
  /** The poster's width in the frame (`sizes`), set with `posterSrcSet` by {@link sizedPoster}. */
  posterSizes?: string;
}

/**
 * `video` with the `sizes` of its poster in a frame `width` CSS px wide, when the poster has
 * widths (decision 070); computed on the server, so the browser's code does not grow.
 */
export function sizedPoster(video: ProjectVideo, width: number): ProjectVideo {
  return video.posterSrcSet ? { ...video, posterSizes: `${width}px` } : video;
}

/** One current project card (docs/product.md §3.1), its video resolved to URLs. */
export type Project = Omit<SiteContent['projects'][number], 'video'> & { video: ProjectVideo };

/** One client story (docs/product.md §3.1). */
export type Testimonial = SiteContent['testimonials'][number];

/** One step of How We Work (docs/product.md §3.1), numbered by its place ('01'). */
export type ProcessStep = SiteContent['processSteps'][number] & { number: string };

/** One FAQ question and its answer. */
export type FaqItem = SiteContent['faqCategories'][number]['items'][number];

/** A group of FAQ questions, its icon resolved. */
export interface FaqCategory {
  category: string;
  icon: LucideIcon;
  items: FaqItem[];
}

/** Replaces `{name}`, `{shortName}` and `{email}` in a text with the site's values. */
export function withBrand(text: string, site: { name: string; shortName: string; email: string }): string {
  return text
    .replaceAll('{name}', site.name)
    .replaceAll('{shortName}', site.shortName)
    .replaceAll('{email}', site.email);
}

/** The icons a document may name (src/shared/site-content.ts `ICONS`). */
const ICON_COMPONENTS: Record<IconName, LucideIcon> = {
  'bar-chart': BarChart3,
  'bell-ring': BellRing,
  bot: Bot,
  'brain-circuit': BrainCircuit,
  code: Code2,
  database: Database,
  flask: FlaskConical,
  handshake: Handshake,
  inbox: Inbox,
  lightbulb: Lightbulb,
  'monitor-smartphone': MonitorSmartphone,
  sparkles: Sparkles,
  users: Users,
  workflow: Workflow,
  wrench: Wrench,
};

/** The media shipped with the build, by the name an `asset:` reference gives (hashed URLs). */
const BUILT_MEDIA: Record<string, string> = {
  'agency-website.jpg': agencyPoster,
  'agency-website.mp4': agencyMp4,
  'agency-website.webm': agencyWebm,
  'auto-services.jpg': autoPoster,
  'auto-services.mp4': autoMp4,
  'auto-services.webm': autoWebm,
  'document-analysis.jpg': documentPoster,
  'document-analysis.mp4': documentMp4,
  'document-analysis.webm': documentWebm,
  'maritime-store.jpg': maritimePoster,
  'maritime-store.mp4': maritimeMp4,
  'maritime-store.webm': maritimeWebm,
};

/**
 * The URL of a media reference: `asset:name` → the build's hashed file, a path as it is. An
 * `asset:` the build does not ship resolves to '' (the browser then requests nothing).
 */
export function mediaUrl(ref: string): string {
  return ref.startsWith('asset:') ? (BUILT_MEDIA[ref.slice('asset:'.length)] ?? '') : ref;
}

const withIcon = <T extends { icon: IconName }>(card: T) => ({ ...card, icon: ICON_COMPONENTS[card.icon] });

// Live bindings, assigned by applyContent.
export let seo: SiteContent['seo'];
export let splash: SiteContent['splash'];
export let navItems: SiteContent['navItems'];
export let header: SiteContent['header'];
export let hero: SiteContent['hero'];
export let stats: SiteContent['stats'];
export let servicesSection: SiteContent['servicesSection'];
export let services: FeatureCard[];
export let miniCrmSection: SiteContent['miniCrmSection'];
export let miniCrmFeatures: FeatureCard[];
export let aboutSection: SiteContent['aboutSection'];
export let aboutCards: FeatureCard[];
export let aiSection: SiteContent['aiSection'];
export let aiFeatures: FeatureCard[];
export let projectsSection: SiteContent['projectsSection'];
export let projects: Project[];
export let testimonialsSection: SiteContent['testimonialsSection'];
export let testimonials: SiteContent['testimonials'];
export let processSection: SiteContent['processSection'];
export let processSteps: ProcessStep[];
export let faqSection: SiteContent['faqSection'];
export let faqCategories: FaqCategory[];
export let contactSection: SiteContent['contactSection'];
export let contactForm: SiteContent['contactForm'];
export let sectionNav: SiteContent['sectionNav'];
export let pages: SiteContent['pages'];
export let mobile: SiteContent['mobile'];
export let footer: SiteContent['footer'];
/** The testimonials marked 'show on phones' (docs/product.md §3.3). */
export let mobileTestimonials: Testimonial[];
/** The mobile subsets (docs/product.md §3.3: 3 services, 4 steps, 4 FAQ items). */
export let mobileServices: FeatureCard[];
export let mobileProcessSteps: ProcessStep[];
export let mobileFaq: FaqItem[];

/**
 * Makes `doc` the content the components read. In the browser only the islands' slice is given
 * (and needed); on the server the whole document, with icons and media resolved.
 */
export function applyContent(doc: IslandContent | SiteContent): void {
  splash = doc.splash;
  hero = doc.hero;
  contactSection = doc.contactSection;
  contactForm = doc.contactForm;
  faqSection = doc.faqSection;
  processSection = doc.processSection;
  projectsSection = doc.projectsSection;
  testimonialsSection = doc.testimonialsSection;
  sectionNav = doc.sectionNav;
  pages = doc.pages;
  mobile = doc.mobile;
  testimonials = doc.testimonials;
  mobileTestimonials = doc.testimonials.filter((testimonial) => testimonial.showOnPhones);
  // The browser build drops the rest (and the icons and media map with it): islands never need it.
  if (!import.meta.env.SSR || !('services' in doc)) return;
  seo = doc.seo;
  navItems = doc.navItems;
  header = doc.header;
  stats = doc.stats;
  servicesSection = doc.servicesSection;
  services = doc.services.map(withIcon);
  miniCrmSection = doc.miniCrmSection;
  miniCrmFeatures = doc.miniCrmFeatures.map(withIcon);
  aboutSection = doc.aboutSection;
  aboutCards = doc.aboutCards.map(withIcon);
  aiSection = doc.aiSection;
  aiFeatures = doc.aiFeatures.map(withIcon);
  projects = doc.projects.map((project) => ({
    ...project,
    video: {
      mp4: mediaUrl(project.video.mp4),
      webm: project.video.webm ? mediaUrl(project.video.webm) : undefined,
      poster: mediaUrl(project.video.poster),
      posterSrcSet: mediaSrcSet(project.video.poster),
    },
  }));
  processSteps = doc.processSteps.map((step, index) => ({
    ...step,
    number: String(index + 1).padStart(2, '0'),
  }));
  faqCategories = doc.faqCategories.map(withIcon);
  footer = doc.footer;
  mobileServices = services.slice(0, 3);
  mobileProcessSteps = processSteps.slice(0, 4);
  mobileFaq = faqCategories.slice(0, 4).flatMap((category) => category.items.slice(0, 1));
}
