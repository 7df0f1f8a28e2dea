import * as React from 'react';
import { BrandLogo } from '@/web/components/brand-logo';
import { motionPaused, onMotionChange } from '../lib/motion';

/** Logo size as a share of the smaller screen side (docs/product.md §14.1: 15 %). */
export const BOUNCING_LOGO_SHARE = 0.15;
/** Speed in CSS px per second. */
const SPEED = 70;

/** Where one axis of the drift stands: position in px from the edge and signed speed in px/s. */
interface AxisState {
  position: number;
  velocity: number;
}

/**
 * The drift along one axis as a browser animation: a back-and-forth between 0 and `max` px at
 * `|velocity|` px/s, starting at `state`. Moving at constant speed and turning at the edges is
 * what a bounce off the edges looks like along one axis; the two axes are independent, so the
 * logo's path is the same as stepping both each frame. `property` is the CSS property it drives
 * (`translate` for x, `transform` for y: two properties, so the two animations do not override
 * each other). @returns null when there is no room to move (`max` ≤ 0); the logo is then at 0.
 */
function animateAxis(
  element: HTMLElement,
  property: 'translate' | 'transform',
  toCss: (px: number) => string,
  state: AxisState,
  max: number,
): Animation | null {
  if (max <= 0 || state.velocity === 0) {
    element.style[property] = toCss(0);
    return null;
  }
  element.style[property] = '';
  const speed = Math.abs(state.velocity);
  const leg = (max / speed) * 1000;
  const animation = element.animate([{ [property]: toCss(0) }, { [property]: toCss(max) }], {
    duration: leg,
    iterations: Number.POSITIVE_INFINITY,
    direction: 'alternate',
    easing: 'linear',
  });
  const position = Math.min(Math.max(state.position, 0), max);
  // Odd legs run backwards (`alternate`): a logo moving towards 0 starts in the second leg.
  animation.currentTime =
    state.velocity > 0 ? (position / speed) * 1000 : leg + ((max - position) / speed) * 1000;
  return animation;
}

/** Where an animation made by {@link animateAxis} stands now (its inverse). */
function axisState(animation: Animation, max: number, speed: number): AxisState {
  const leg = (max / speed) * 1000;
  const time = Number(animation.currentTime ?? 0) % (2 * leg);
  return time < leg
    ? { position: (time / 1000) * speed, velocity: speed }
    : { position: max - ((time - leg) / 1000) * speed, velocity: -speed };
}

/**
 * The bouncing-logo overlay (docs/product.md §3.4): a faint logo drifting across the screen and bouncing off
 * its edges, never catching the pointer. Its side is 15 % of the smaller screen dimension
 * (`15vmin`). It stands still when motion is reduced or the tab is hidden. It paints below the
 * page's content (negative z-index, like the hexagon grid), so it shows in the gaps between
 * cards and never over a card or a button (docs/decisions/045-landing-islands-and-one-brand-mark.md).
 *
 * The motion is two Web Animations (one per axis) that the compositor runs by itself, rather than
 * a `requestAnimationFrame` loop: a script step every frame kept the main thread busy for as long
 * as the page was open (on a throttled phone each frame was a long task, decision 028).
 */
export function BouncingLogo() {
  const ref = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let x: AxisState = { position: window.innerWidth * 0.62, velocity: SPEED };
    let y: AxisState = { position: window.innerHeight * 0.28, velocity: SPEED * 0.72 };
    let bounds = { maxX: 0, maxY: 0 };
    let animations: { x: Animation | null; y: Animation | null } = { x: null, y: null };

    const measure = () => {
      const size = element.offsetWidth;
      return { maxX: window.innerWidth - size, maxY: window.innerHeight - size };
    };
    /** Reads where the logo is, drops the animations and starts them again within `bounds`. */
    const restart = () => {
      if (animations.x) x = axisState(animations.x, bounds.maxX, Math.abs(x.velocity));
      if (animations.y) y = axisState(animations.y, bounds.maxY, Math.abs(y.velocity));
      animations.x?.cancel();
      animations.y?.cancel();
      bounds = measure();
      animations = {
        x: animateAxis(element, 'translate', (px) => `${px}px 0`, x, bounds.maxX),
        y: animateAxis(element, 'transform', (px) => `translate3d(0, ${px}px, 0)`, y, bounds.maxY),
      };
      sync();
    };
    const sync = () => {
      for (const animation of [animations.x, animations.y]) {
        if (!animation) continue;
        if (motionPaused()) animation.pause();
        else animation.play();
      }
    };
    restart();
    window.addEventListener('resize', restart);
    const off = onMotionChange(sync);
    return () => {
      window.removeEventListener('resize', restart);
      animations.x?.cancel();
      animations.y?.cancel();
      off();
    };
  }, []);

  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-testid="bouncing-logo"
      className="pointer-events-none fixed top-0 left-0 -z-10 size-[15vmin] opacity-[0.08] will-change-transform"
    >
      <BrandLogo size={120} className="size-full" />
    </div>
  );
}
