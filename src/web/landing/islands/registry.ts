import type * as React from 'react';
import { FloatingCloud } from '../components/floating-cloud';
import { PhoneVideo } from '../components/phone-video';
import {
  ContactButton,
  FaqContactButton,
  HeroActions,
  LandingContactForm,
  LandingShell,
} from './small-islands';

// biome-ignore lint/suspicious/noExplicitAny: each island declares its own props; the entry passes what the server wrote.
type AnyIsland = React.ComponentType<any>;

/**
 * The landing's islands by name (docs/decisions/045-landing-islands-and-one-brand-mark.md). The
 * small ones are in the entry's chunk, so a visit needs no extra request for them; the mobile
 * pager (with Embla) and the testimonial carousel load only where they are on screen.
 */
export const islandLoaders = {
  shell: () => LandingShell,
  'hero-actions': () => HeroActions,
  'floating-cloud': () => FloatingCloud,
  'contact-button': () => ContactButton,
  'faq-contact-button': () => FaqContactButton,
  'contact-form': () => LandingContactForm,
  'phone-video': () => PhoneVideo,
  mobile: () => import('../mobile/mobile-landing').then((module) => module.MobileLanding),
  'testimonials-carousel': () =>
    import('../sections/testimonials-carousel').then((module) => module.TestimonialsCarousel),
} satisfies Record<string, () => AnyIsland | Promise<AnyIsland>>;

/** The name an island is registered under. */
export type IslandName = keyof typeof islandLoaders;
