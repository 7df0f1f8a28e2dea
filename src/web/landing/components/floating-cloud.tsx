import * as React from 'react';
import cloudUrl from '../assets/cloud.svg';
import { isIntroComplete, subscribeIntro } from '../lib/intro-state';

/** Delay between the end of the intro and the cloud's appearance (docs/product.md §3.2, §14.1). */
export const CLOUD_DELAY_MS = 300;

/**
 * The floating cloud image of the desktop hero (docs/product.md §3.2): appears 300 ms after the intro
 * completes and drifts gently (standing still with reduced motion or in a hidden tab).
 */
export function FloatingCloud() {
  const introComplete = React.useSyncExternalStore(subscribeIntro, isIntroComplete, () => false);
  const [visible, setVisible] = React.useState(false);
  React.useEffect(() => {
    if (!introComplete) return;
    const timer = setTimeout(() => setVisible(true), CLOUD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [introComplete]);
  if (!visible) return null;
  return (
    <img
      src={cloudUrl}
      alt=""
      aria-hidden="true"
      data-testid="floating-cloud"
      width={240}
      height={150}
      className="floating-cloud motion-loop pointer-events-none absolute top-24 right-[6%] hidden w-40 drop-shadow-[0_20px_40px_rgb(79_110_247/0.35)] md:block xl:w-52"
    />
  );
}
