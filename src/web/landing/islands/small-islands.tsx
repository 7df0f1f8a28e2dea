import { ArrowDown, ArrowRight } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { ContactDialogHost, contactDialogTriggerProps } from '../components/contact-dialog';
import { ContactForm } from '../components/contact-form';
import { Deferred } from '../components/deferred';
import { DeferredToaster } from '../components/deferred-toaster';
import { IntroSplash } from '../components/intro-splash';
import { faqSection, hero, mobile, processSection } from '../content';
import { motionPaused, onMotionChange } from '../lib/motion';
import { scrollToSection } from '../lib/scroll-to-section';
import type { IslandBaseProps } from './island';

const loadAmbient = () => import('../components/ambient-layer').then((module) => module.AmbientLayer);

/**
 * What the whole page needs once, whatever the layout: the intro splash, the contact dialog's
 * host, the toaster (loaded when the form is used) and the ambient layer (hexagon grid, bouncing
 * logo, section buttons), which starts only once the browser is idle. It also mirrors the motion
 * preference on `<html data-motion-paused>` for the CSS animations.
 */
export function LandingShell({ site }: IslandBaseProps) {
  React.useEffect(() => {
    const sync = () => {
      if (motionPaused()) document.documentElement.dataset.motionPaused = '';
      else delete document.documentElement.dataset.motionPaused;
    };
    sync();
    return onMotionChange(sync);
  }, []);
  return (
    <>
      <IntroSplash site={site} />
      <ContactDialogHost siteEmail={site.email} />
      <Deferred load={loadAmbient} props={{}} />
      <DeferredToaster />
    </>
  );
}

/**
 * The hero's 'Start a project' (contact dialog) and 'Explore services' (scrolls there), docs/product.md §3.1.
 */
export function HeroActions(_: IslandBaseProps) {
  return (
    <>
      <Button type="button" variant="gradient" size="lg" {...contactDialogTriggerProps}>
        {hero.primaryCta}
        <ArrowRight aria-hidden="true" />
      </Button>
      <Button variant="outline" size="lg" onClick={() => scrollToSection('services')}>
        {hero.secondaryCta}
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );
}

/** The other buttons that open the contact dialog: the process call-out and mobile 'Start Building'. */
export function ContactButton({ kind }: IslandBaseProps & { kind: 'callout' | 'mobile' }) {
  if (kind === 'mobile') {
    return (
      <Button
        type="button"
        variant="gradient"
        size="lg"
        className="mt-6 w-full"
        {...contactDialogTriggerProps}
      >
        {mobile.startCta}
        <ArrowRight aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Button variant="gradient" size="lg" {...contactDialogTriggerProps}>
      {processSection.callout.cta}
      <ArrowRight aria-hidden="true" />
    </Button>
  );
}

/** The FAQ's 'Ask us anything': moves to the contact form and focuses it (docs/product.md §3.1). */
export function FaqContactButton(_: IslandBaseProps) {
  return (
    <Button variant="gradient" onClick={() => scrollToSection('contact', { focus: true })}>
      {faqSection.ctaButton}
    </Button>
  );
}

/** The contact form of the contact section and of the mobile 'Let's Build' page. */
export function LandingContactForm({ site, idPrefix }: IslandBaseProps & { idPrefix: string }) {
  return <ContactForm siteEmail={site.email} idPrefix={idPrefix} />;
}
