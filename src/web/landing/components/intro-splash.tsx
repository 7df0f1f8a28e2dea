import * as React from 'react';
import type { SiteConfig } from '@/shared/site';
import { BrandLogo } from '@/web/components/brand-logo';
import { splash, withBrand } from '../content';
import { completeIntro } from '../lib/intro-state';
import { isMobileLayout, prefersReducedMotion } from '../lib/motion';

/** Splash timeline in ms since the page started loading (docs/product.md §3.2, §14.1). */
export const SPLASH_TIMINGS = { logo: 100, tagline: 600, burst: 1800, complete: 4500 } as const;

type Phase = 'waiting' | 'logo' | 'tagline' | 'burst' | 'complete';

/**
 * Gestures that skip the intro, as a click does: a key, a click or tap, a wheel or trackpad
 * scroll, a touch scroll.
 */
const SKIP_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchmove'] as const;

function phaseAt(ms: number): Phase {
  if (ms >= SPLASH_TIMINGS.complete) return 'complete';
  if (ms >= SPLASH_TIMINGS.burst) return 'burst';
  if (ms >= SPLASH_TIMINGS.tagline) return 'tagline';
  if (ms >= SPLASH_TIMINGS.logo) return 'logo';
  return 'waiting';
}

const PARTICLES = Array.from({ length: 28 }, (_, i) => {
  const angle = (i / 28) * Math.PI * 2;
  const distance = 140 + (i % 4) * 45;
  return {
    dx: Math.round(Math.cos(angle) * distance),
    dy: Math.round(Math.sin(angle) * distance),
    size: 4 + (i % 3) * 3,
    color: ['var(--color-brand-cyan)', 'var(--color-brand-blue)', 'var(--color-brand-magenta)'][i % 3],
    delay: (i % 5) * 30,
  };
});

/**
 * The desktop intro (docs/product.md §3.2): logo at about 0.1 s, a tagline with the brand's short name at
 * 0.6 s, a particle burst and a synthesised sound at 1.8 s, done at 4.5 s; the floating cloud
 * then appears (see `lib/intro-state.ts`). Skipped below 768 px and when the visitor prefers
 * reduced motion; a key press, click, tap or scroll (wheel, trackpad, touch) skips it too.
 *
 * The server renders it with CSS-only timing (so it shows from the first paint, before the
 * script runs, and a `<noscript>` style hides it without JavaScript); after hydration the phases
 * are set by timers scheduled from the page's clock (`performance.now()`, milliseconds since
 * navigation) and exposed as `data-phase`. The overlay never takes pointer events, so it never
 * blocks the page.
 */
export function IntroSplash({ site }: { site: SiteConfig }) {
  const [phase, setPhase] = React.useState<Phase | null>(null);

  React.useEffect(() => {
    let done = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const stop = () => {
      done = true;
      for (const timer of timers) clearTimeout(timer);
      for (const type of SKIP_EVENTS) window.removeEventListener(type, finish);
    };
    function finish() {
      if (done) return;
      stop();
      setPhase('complete');
      completeIntro();
    }
    if (isMobileLayout() || prefersReducedMotion()) {
      finish();
      return;
    }
    // Where the timeline stands when the script takes over is read from the clock once; every
    // later phase is set by its own timer, never by reading the clock again: a timer may fire a
    // fraction of a millisecond before the clock shows its time.
    const now = performance.now();
    const current = phaseAt(now);
    if (current === 'complete') {
      finish();
      return;
    }
    setPhase(current);
    for (const [next, at] of Object.entries(SPLASH_TIMINGS) as [keyof typeof SPLASH_TIMINGS, number][]) {
      if (at <= now) continue;
      timers.push(setTimeout(next === 'complete' ? finish : () => setPhase(next), at - now));
    }
    for (const type of SKIP_EVENTS) window.addEventListener(type, finish, { passive: true });
    return stop;
  }, []);

  React.useEffect(() => {
    if (phase !== 'burst') return;
    // Browsers allow sound only after an interaction; without one the sound's code is not even
    // fetched (playSplashSound would return at once).
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    void import('../lib/splash-sound').then((module) => module.playSplashSound());
  }, [phase]);

  if (phase === 'complete') return null;
  return (
    <div
      aria-hidden="true"
      data-testid="intro-splash"
      data-phase={phase ?? undefined}
      className="intro-splash pointer-events-none fixed inset-0 z-[60] hidden place-items-center md:grid"
    >
      <div className="relative grid place-items-center text-center">
        <div className="splash-logo relative" data-testid="splash-logo">
          <div className="absolute inset-0 -z-10 scale-150 rounded-full bg-brand-blue/40 blur-3xl" />
          <BrandLogo size={132} className="size-[132px] drop-shadow-[0_0_30px_rgb(62_224_240/0.5)]" />
        </div>
        <p className="splash-tagline mt-8 text-4xl font-bold tracking-tight" data-testid="splash-tagline">
          <span className="text-gradient">{withBrand(splash.tagline, site)}</span>
        </p>
        <p className="splash-tagline mt-3 text-sm tracking-[0.3em] text-muted-foreground uppercase">
          {splash.subline}
        </p>
        {phase === 'burst' ? (
          <div className="absolute top-[66px] left-1/2" data-testid="splash-burst">
            {PARTICLES.map((particle, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative list
                key={index}
                className="splash-particle absolute rounded-full"
                style={
                  {
                    width: particle.size,
                    height: particle.size,
                    background: particle.color,
                    boxShadow: `0 0 12px ${particle.color}`,
                    animationDelay: `${particle.delay}ms`,
                    '--dx': `${particle.dx}px`,
                    '--dy': `${particle.dy}px`,
                  } as React.CSSProperties
                }
              />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
