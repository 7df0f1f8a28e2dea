import type { SiteContent } from '@/shared/site-content';

/**
 * The words the 'Site' screen shows for the content document's fields (decision 069): a label
 * per key where the key itself would read badly, else the key in sentence case
 * (`namePlaceholder` → 'Name placeholder'); a list item's name ('Testimonial 3: Jane Doe').
 */

const LABELS: Record<string, string> = {
  seo: 'Search and sharing',
  title: 'Title',
  ogImage: 'Share image',
  ogImageSize: 'Share image size',
  width: 'Width (px)',
  height: 'Height (px)',
  ogImageAlt: 'Share image description',
  serviceType: 'Service types',
  splash: 'Splash screen',
  subline: 'Second line',
  navItems: 'Navigation links',
  sectionId: 'Section',
  header: 'Header',
  contactCta: 'Contact button',
  navLabel: 'Navigation name',
  hero: 'Hero',
  headline: 'Headline lines',
  intro: 'Introduction',
  primaryCta: 'Primary button',
  secondaryCta: 'Secondary button',
  socialLabel: 'Social links name',
  emailLabel: 'Email label',
  newTab: "'Opens in a new tab' text",
  slideHint: 'Slide hint',
  stats: 'Stats',
  longLabel: 'Long label',
  servicesSection: 'Services section',
  miniCrmSection: 'Mini CRM section',
  miniCrmFeatures: 'Mini CRM cards',
  aboutSection: 'About section',
  aboutCards: 'About cards',
  aiSection: 'AI section',
  aiFeatures: 'AI cards',
  points: 'Points',
  projectsSection: 'Projects section',
  visit: "'Visit' link",
  videoLabel: 'Video description',
  pauseVideo: 'Pause button',
  playVideo: 'Play button',
  id: 'Id',
  mp4: 'Video (MP4)',
  webm: 'Video (WebM)',
  poster: 'Poster',
  url: 'Link',
  stack: 'Built with',
  testimonialsSection: 'Testimonials section',
  previous: "'Previous' button",
  next: "'Next' button",
  ratingLabel: 'Rating label',
  testimonial: 'Text',
  accentColor: 'Accent',
  photo: 'Photo or logo',
  rating: 'Rating (stars, 1 to 5)',
  showOnPhones: 'Show on phones',
  processSection: 'Process section',
  deliverablesLabel: 'Deliverables label',
  cta: 'Button',
  processSteps: 'Process steps',
  faqSection: 'FAQ section',
  ctaTitle: 'Call to action title',
  ctaText: 'Call to action text',
  ctaButton: 'Call to action button',
  faqCategories: 'FAQ categories',
  items: 'Questions',
  contactSection: 'Contact card',
  leadAccent: 'Lead, highlighted part',
  promises: 'Brand claims',
  contactForm: 'Contact form',
  preferTextAndCallLabel: "'Prefer text and call' label",
  sectionNav: 'Section buttons',
  pages: 'Phone pages',
  mobile: 'Phone layout',
  heroLines: 'Hero lines',
  heroIntro: 'Hero introduction',
  startCta: 'Start button',
  secretArea: 'Secret area label',
  adminCta: 'Admin button',
  footer: 'Footer',
  rights: 'Rights line',
};

/** The label of the field `key`. */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What one item of the list `key` is called. */
const ITEM_NAMES: Record<string, string> = {
  navItems: 'Link',
  headline: 'Line',
  heroLines: 'Line',
  stats: 'Stat',
  services: 'Service',
  miniCrmFeatures: 'Card',
  aboutCards: 'Card',
  aiFeatures: 'Card',
  points: 'Point',
  projects: 'Project',
  stack: 'Tag',
  testimonials: 'Testimonial',
  processSteps: 'Step',
  badges: 'Badge',
  deliverables: 'Deliverable',
  faqCategories: 'FAQ category',
  items: 'Question',
  promises: 'Claim',
  serviceType: 'Service type',
  sections: 'Section',
  pages: 'Page',
};

/** The name of one item of the list `key`: 'Testimonial'. */
export const itemName = (key: string) => ITEM_NAMES[key] ?? 'Item';

/** The item's own words shown beside its number: a name, title, question or the text itself. */
export function itemSummary(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const o = value as Record<string, unknown>;
  for (const key of ['name', 'title', 'question', 'category', 'label', 'value']) {
    if (typeof o[key] === 'string' && o[key]) return o[key] as string;
  }
  return '';
}

/** The screen's tabs: each holds some of the document's parts, in page order. */
export const TABS: { id: string; label: string; keys: (keyof SiteContent)[] }[] = [
  { id: 'seo', label: 'SEO and brand', keys: ['seo', 'splash', 'header', 'navItems', 'footer'] },
  { id: 'hero', label: 'Hero and stats', keys: ['hero', 'stats'] },
  {
    id: 'cards',
    label: 'Cards',
    keys: [
      'servicesSection',
      'services',
      'miniCrmSection',
      'miniCrmFeatures',
      'aboutSection',
      'aboutCards',
      'aiSection',
      'aiFeatures',
    ],
  },
  { id: 'projects', label: 'Projects', keys: ['projectsSection', 'projects'] },
  { id: 'testimonials', label: 'Testimonials', keys: ['testimonialsSection', 'testimonials'] },
  { id: 'process', label: 'Process', keys: ['processSection', 'processSteps'] },
  { id: 'faq', label: 'FAQ', keys: ['faqSection', 'faqCategories'] },
  { id: 'contact', label: 'Contact', keys: ['contactSection', 'contactForm'] },
  { id: 'phone', label: 'Phone and navigation', keys: ['sectionNav', 'pages', 'mobile'] },
];

/** The tab showing the field at `path` (for jumping to an error). */
export const tabOf = (path: string) =>
  TABS.find((tab) => tab.keys.some((key) => path === key || path.startsWith(`${key}.`)))?.id;
