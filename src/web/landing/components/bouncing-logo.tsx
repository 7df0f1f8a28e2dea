import * as React from 'react';
import { motionPaused, onMotionChange } from '../lib/motion';
import { BrandLogo } from './brand-logo';

/** Logo size as a share of the smaller screen side (spec §9: 15 %). */
export const BOUNCING_LOGO_SHARE = 0.15;
/** Speed in CSS px per second. */
const SPEED = 70;

/**
 * The bouncing-logo overlay (spec §2): a faint logo drifting across the screen and bouncing off
 * its edges, never catching the pointer. Its side is 15 % of the smaller screen dimension
 * (`15vmin`). It stands still when motion is reduced or the tab is hidden.
 */
export function BouncingLogo() {
  const ref = React.useRef<HTMLDivElement>(null);

  React.useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let x = window.innerWidth * 0.62;
    let y = window.innerHeight * 0.28;
    let vx = SPEED;
    let vy = SPEED * 0.72;
    let last = 0;
    let frame = 0;

    const place = () => {
      element.style.transform = `translate3d(${x}px, ${y}px, 0)`;
    };
    const step = (now: number) => {
      const dt = last ? Math.min(0.05, (now - last) / 1000) : 0;
      last = now;
      const size = element.offsetWidth;
      const maxX = window.innerWidth - size;
      const maxY = window.innerHeight - size;
      x += vx * dt;
      y += vy * dt;
      if (x <= 0 || x >= maxX) {
        vx = -vx;
        x = Math.min(Math.max(x, 0), maxX);
      }
      if (y <= 0 || y >= maxY) {
        vy = -vy;
        y = Math.min(Math.max(y, 0), maxY);
      }
      place();
      frame = requestAnimationFrame(step);
    };
    const sync = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      last = 0;
      if (!motionPaused()) frame = requestAnimationFrame(step);
    };
    place();
    sync();
    const off = onMotionChange(sync);
    return () => {
      cancelAnimationFrame(frame);
      off();
    };
  }, []);

  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-testid="bouncing-logo"
      className="pointer-events-none fixed top-0 left-0 z-0 size-[15vmin] opacity-[0.08] will-change-transform"
    >
      <BrandLogo size={120} className="size-full" />
    </div>
  );
}
