import { z } from 'zod';

/**
 * The landing's content document (docs/product.md §1.2, decision 067): every text, card, project,
 * testimonial, process step and FAQ of the public page, edited from the admin's 'Site' screen,
 * kept as a draft and as published versions, validated by this one schema on both sides.
 *
 * Texts are plain text: the page renders them as text nodes and attribute values (never HTML), so
 * a `<script>` typed into a testimonial shows as those characters. Texts that name the brand may
 * say `{name}`, `{shortName}` or `{email}` (filled from the runtime `SiteConfig`).
 *
 * Media fields are references: `asset:<file>` names a file shipped with the build
 * (src/web/landing/assets/projects), a path starting with `/` a file this site serves.
 */

/** Control characters other than tab and line breaks (a NUL byte, escape codes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Any line break. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** One line of plain text, 1 to `max` characters. */
const line = (max = 120) =>
  z
    .string()
    .min(1, 'Required.')
    .max(max, `At most ${max} characters.`)
    .refine((v) => !CONTROL.test(v) && !LINE_BREAK.test(v), 'One line of text without control characters.');

/** A paragraph of plain text (line breaks allowed), 1 to `max` characters. */
const paragraph = (max = 1000) =>
  z
    .string()
    .min(1, 'Required.')
    .max(max, `At most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), 'Text without control characters.');

/** A short list of one-line texts (proof points, deliverables, tags). */
const lines = (maxItems: number, max = 80) => z.array(line(max)).max(maxItems, `At most ${maxItems} items.`);

/** A file shipped with the build (`asset:name.ext`) or served by this site (`/path`). */
export const mediaRefSchema = z
  .string()
  .max(300, 'At most 300 characters.')
  .regex(
    /^(asset:[a-z0-9-]+\.(mp4|webm|jpg|png|webp|avif)|\/(?!\/)[A-Za-z0-9._~/-]+)$/,
    'A media file of this site (an uploaded file or asset:name).',
  );

/** The brand accents (docs/product.md §3.4: cyan, magenta and blue shades). */
export const ACCENTS = ['cyan', 'magenta', 'blue'] as const;
export const accentSchema = z.enum(ACCENTS);
export type Accent = z.infer<typeof accentSchema>;

/** The icons a card may show (a fixed list: lucide-react components the landing maps them to). */
export const ICONS = [
  'bar-chart',
  'bell-ring',
  'bot',
  'brain-circuit',
  'code',
  'database',
  'flask',
  'handshake',
  'inbox',
  'lightbulb',
  'monitor-smartphone',
  'sparkles',
  'users',
  'workflow',
  'wrench',
] as const;
export const iconSchema = z.enum(ICONS);
export type IconName = z.infer<typeof iconSchema>;

/** A card with an icon, a title and a short text (services, mini CRM, about, AI features). */
export const featureCardSchema = z.object({
  title: line(80),
  description: paragraph(400),
  icon: iconSchema,
  accent: accentSchema,
  /** Short proof points shown under the text on desktop. */
  points: lines(4).optional(),
});

/** A section's heading: eyebrow, title and introduction. */
const sectionHeading = {
  eyebrow: line(60),
  title: line(100),
  intro: paragraph(400),
};

/** Project status shown as a badge (docs/product.md §3.1). */
export const PROJECT_STATUSES = ['Live', 'In Development'] as const;

/** A phone-frame screen recording: MP4 (H.264), WebM (VP9) and a poster image. */
/**
 * A project's phone-frame recording: the MP4 every browser plays, an optional WebM (VP9, smaller,
 * preferred where the browser plays it) and the poster shown before it plays. An upload keeps
 * its format (no transcoding, decision 070), so one MP4 is enough.
 */
export const projectVideoSchema = z.object({
  mp4: mediaRefSchema,
  webm: mediaRefSchema.optional(),
  poster: mediaRefSchema,
});

/** One current project card (docs/product.md §3.1). */
export const projectSchema = z.object({
  /** Stable key of the card (lower-case letters, digits and dashes). */
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'Lower-case letters, digits and dashes, at most 60 characters.'),
  name: line(80),
  description: paragraph(400),
  status: z.enum(PROJECT_STATUSES),
  video: projectVideoSchema,
  /** The live product's public address; without one the card shows no 'Visit' link. */
  url: z
    .url({ protocol: /^https?$/, error: 'An absolute http(s) address.' })
    .max(500, 'At most 500 characters.')
    .optional(),
  /** What it is built with, shown as small tags. */
  stack: lines(6, 40),
});

/** One client story (docs/product.md §3.1). Names, companies and photos are personal data (docs/personal-data.md). */
export const testimonialSchema = z.object({
  name: line(80),
  title: line(80),
  company: line(100),
  industry: line(80),
  testimonial: paragraph(600),
  initials: z
    .string()
    .min(1, 'Required.')
    .max(3, 'At most 3 characters.')
    .refine((v) => !CONTROL.test(v) && !LINE_BREAK.test(v), 'One line of text without control characters.'),
  accentColor: accentSchema,
  /** A photo or logo shown instead of the initials. */
  photo: mediaRefSchema.optional(),
  /** Stars, 1 to 5. */
  rating: z.number().int().min(1, 'From 1 to 5.').max(5, 'From 1 to 5.'),
  /** Shown on the phone layout's page too (the desktop shows every testimonial). */
  showOnPhones: z.boolean(),
});

/** One step of How We Work (docs/product.md §3.1); its number is its place in the list. */
export const processStepSchema = z.object({
  title: line(80),
  timeline: line(40),
  description: paragraph(400),
  deliverables: lines(4),
  accent: accentSchema,
});

/** One FAQ question and its answer. */
export const faqItemSchema = z.object({ question: line(200), answer: paragraph(1000) });

/** A group of FAQ questions. */
export const faqCategorySchema = z.object({
  category: line(60),
  icon: iconSchema,
  items: z.array(faqItemSchema).min(1, 'At least one question.').max(10, 'At most 10 questions.'),
});

/** The desktop sections in page order (their ids are fixed; their names are content). */
export const SECTION_IDS = [
  'hero',
  'services',
  'mini-crm',
  'about',
  'ai',
  'current-projects',
  'testimonials',
  'process',
  'faq',
  'contact',
] as const;

const list = <T extends z.ZodType>(item: T, min: number, max: number, what: string) =>
  z
    .array(item)
    .min(min, min === 1 ? `At least one ${what}.` : `At least ${min} ${what}s.`)
    .max(max, `At most ${max} ${what}s.`);

/** The whole document (decision 067). */
export const siteContentSchema = z
  .object({
    seo: z.object({
      title: line(120),
      description: paragraph(300),
      /** The share image (1200 × 630). */
      ogImage: mediaRefSchema,
      ogImageSize: z.object({
        width: z.number().int().min(1).max(4000),
        height: z.number().int().min(1).max(4000),
      }),
      ogImageAlt: line(200),
      serviceType: lines(12, 80),
    }),
    splash: z.object({ tagline: line(80), subline: line(80) }),
    navItems: list(z.object({ label: line(30), sectionId: z.enum(SECTION_IDS) }), 1, 8, 'navigation link'),
    header: z.object({ contactCta: line(40), navLabel: line(40) }),
    hero: z.object({
      eyebrow: line(80),
      headline: list(line(40), 1, 4, 'headline line'),
      intro: paragraph(500),
      primaryCta: line(40),
      secondaryCta: line(40),
      socialLabel: line(60),
      emailLabel: line(60),
      newTab: line(60),
      slideHint: line(20),
    }),
    stats: list(z.object({ value: line(10), label: line(20), longLabel: line(40) }), 1, 4, 'stat'),
    servicesSection: z.object(sectionHeading),
    services: list(featureCardSchema, 1, 12, 'service'),
    miniCrmSection: z.object(sectionHeading),
    miniCrmFeatures: list(featureCardSchema, 1, 6, 'mini CRM card'),
    aboutSection: z.object(sectionHeading),
    aboutCards: list(featureCardSchema, 1, 6, 'about card'),
    aiSection: z.object(sectionHeading),
    aiFeatures: list(featureCardSchema, 1, 6, 'AI card'),
    projectsSection: z.object({
      ...sectionHeading,
      visit: line(30),
      videoLabel: line(100),
      pauseVideo: line(100),
      playVideo: line(100),
      newTab: line(60),
    }),
    projects: list(projectSchema, 1, 12, 'project'),
    testimonialsSection: z.object({
      ...sectionHeading,
      previous: line(60),
      next: line(60),
      ratingLabel: line(60),
    }),
    testimonials: list(testimonialSchema, 1, 24, 'testimonial'),
    processSection: z.object({
      ...sectionHeading,
      deliverablesLabel: line(40),
      callout: z.object({
        title: line(80),
        description: paragraph(400),
        badges: lines(3, 40),
        cta: line(40),
      }),
    }),
    processSteps: list(processStepSchema, 1, 8, 'process step'),
    faqSection: z.object({
      ...sectionHeading,
      ctaTitle: line(80),
      ctaText: paragraph(300),
      ctaButton: line(40),
    }),
    faqCategories: list(faqCategorySchema, 1, 10, 'FAQ category'),
    contactSection: z.object({
      ...sectionHeading,
      lead: line(80),
      leadAccent: line(80),
      /** The brand claims listed beside the form. */
      promises: lines(6, 100),
      dialogTitle: line(60),
      dialogDescription: line(200),
    }),
    contactForm: z.object({
      nameLabel: line(40),
      namePlaceholder: line(80),
      emailLabel: line(40),
      emailPlaceholder: line(80),
      phoneLabel: line(40),
      phoneOptional: line(40),
      phonePlaceholder: line(80),
      messageLabel: line(40),
      messagePlaceholder: line(200),
      preferTextAndCallLabel: line(100),
      submit: line(40),
      submitting: line(40),
      successTitle: line(60),
      successDescription: line(200),
      errorTitle: line(60),
      errorFallback: line(200),
    }),
    sectionNav: z.object({
      label: line(60),
      sections: z
        .array(z.object({ id: z.enum(SECTION_IDS), label: line(60) }))
        .length(SECTION_IDS.length, `Exactly ${SECTION_IDS.length} sections.`),
      previous: line(60),
      next: line(60),
    }),
    pages: z.tuple([
      z.object({ id: z.literal('page1'), title: line(60) }),
      z.object({ id: z.literal('page2'), title: line(60) }),
      z.object({ id: z.literal('page3'), title: line(60) }),
    ]),
    mobile: z.object({
      heroLines: list(line(40), 1, 4, 'headline line'),
      heroIntro: paragraph(300),
      startCta: line(40),
      servicesTitle: line(40),
      brainTitle: line(40),
      whyTitle: line(40),
      aiTitle: line(40),
      projectsTitle: line(40),
      testimonialsTitle: line(40),
      processTitle: line(40),
      faqTitle: line(40),
      contactTitle: line(40),
      contactIntro: paragraph(300),
      menuOpen: line(60),
      menuTitle: line(60),
      menuDescription: line(100),
      back: line(40),
      getInTouch: line(40),
      goToPage: line(100),
      pagesLabel: line(40),
      secretArea: line(40),
      adminCta: line(60),
    }),
    footer: z.object({ tagline: line(200), rights: line(100) }),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.projects.forEach((project, index) => {
      if (seen.has(project.id))
        ctx.addIssue({
          code: 'custom',
          path: ['projects', index, 'id'],
          message: 'Another project has this id.',
        });
      seen.add(project.id);
    });
  });

export type SiteContent = z.infer<typeof siteContentSchema>;
export type FeatureCardContent = z.infer<typeof featureCardSchema>;
export type ProjectContent = z.infer<typeof projectSchema>;
export type TestimonialContent = z.infer<typeof testimonialSchema>;
export type ProcessStepContent = z.infer<typeof processStepSchema>;
export type FaqItemContent = z.infer<typeof faqItemSchema>;

/**
 * The parts of the document the landing's islands render in the browser (entry-client.tsx): the
 * server writes only these beside the page, so the visitor downloads no other text twice.
 */
export const ISLAND_CONTENT_KEYS = [
  'splash',
  'hero',
  'contactSection',
  'contactForm',
  'faqSection',
  'processSection',
  'projectsSection',
  'testimonialsSection',
  'testimonials',
  'sectionNav',
  'pages',
  'mobile',
] as const satisfies readonly (keyof SiteContent)[];

/** The slice of {@link SiteContent} written beside the page for the islands. */
export type IslandContent = Pick<SiteContent, (typeof ISLAND_CONTENT_KEYS)[number]>;

/** Picks {@link IslandContent} out of a document. */
export function islandContent(doc: SiteContent): IslandContent {
  return Object.fromEntries(ISLAND_CONTENT_KEYS.map((key) => [key, doc[key]])) as IslandContent;
}

/**
 * Each problem of a refused document as `{ path, message }`, the path dotted
 * (`testimonials.2.name`), for the 400 answer and the editor's field errors.
 */
export function contentIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(document)',
    message: issue.message,
  }));
}
