import { Pause, Play } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/web/lib/utils';
import type { ProjectVideo } from '../content';
import { motionPaused, onMotionChange } from '../lib/motion';

/** How far outside the viewport a video starts loading (docs/product.md §3.1). */
const NEAR_VIEWPORT_MARGIN = '300px';

/**
 * A project's screen recording inside a CSS phone frame (docs/product.md §3.1 'autoplaying, muted, looping
 * phone-frame video'). The poster is a lazily loaded image; the video's source is only set once
 * the frame comes near the viewport, then it plays muted and looped while visible. It stays on
 * its poster when the visitor prefers reduced motion or the tab is hidden; the pause button
 * (WCAG 2.2.2) stops it for good.
 */
export function PhoneVideo({
  video,
  label,
  pauseLabel,
  playLabel,
  size = 'md',
}: {
  video: ProjectVideo;
  /** Accessible name of the recording, e.g. 'Screen recording of Agency Website'. */
  label: string;
  pauseLabel: string;
  playLabel: string;
  /** `lg` in the desktop project cards, `md` where a card is narrow, `sm` in the mobile grid. */
  size?: 'lg' | 'md' | 'sm';
}) {
  const frameRef = React.useRef<HTMLDivElement>(null);
  const videoRef = React.useRef<HTMLVideoElement>(null);
  const [src, setSrc] = React.useState<string | null>(null);
  const [inView, setInView] = React.useState(false);
  const [stopped, setStopped] = React.useState(false);
  const [playing, setPlaying] = React.useState(false);

  React.useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const near = entry.isIntersecting;
        setInView(near);
        if (near) {
          setSrc((current) => {
            if (current) return current;
            const probe = document.createElement('video');
            return video.webm && probe.canPlayType('video/webm; codecs="vp9"') ? video.webm : video.mp4;
          });
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [video]);

  React.useEffect(() => {
    const element = videoRef.current;
    if (!element || !src) return;
    const sync = () => {
      if (inView && !stopped && !motionPaused()) {
        void element.play().catch(() => undefined);
      } else {
        element.pause();
      }
    };
    sync();
    return onMotionChange(sync);
  }, [src, inView, stopped]);

  return (
    <div
      ref={frameRef}
      className={cn(
        'relative mx-auto aspect-[288/576] w-full border border-white/15 bg-black shadow-2xl shadow-black/60 ring-1 ring-white/5',
        size === 'lg' && 'max-w-[256px] rounded-[2.5rem] p-[8px]',
        size === 'md' && 'max-w-[210px] rounded-[2.2rem] p-[7px]',
        size === 'sm' && 'max-w-[140px] rounded-[1.6rem] p-[5px]',
      )}
    >
      <div
        className={cn(
          'relative h-full overflow-hidden bg-[#0c0f24]',
          size === 'sm' ? 'rounded-[1.3rem]' : 'rounded-[1.75rem]',
        )}
      >
        <img
          src={video.poster}
          srcSet={video.posterSrcSet}
          sizes={video.posterSizes}
          alt=""
          width={288}
          height={576}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
        <video
          ref={videoRef}
          src={src ?? undefined}
          aria-label={label}
          muted
          loop
          playsInline
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          className={cn(
            'absolute inset-0 size-full object-cover transition-opacity duration-500',
            playing ? 'opacity-100' : 'opacity-0',
          )}
        />
        <div
          aria-hidden="true"
          className="absolute top-1.5 left-1/2 h-4 w-16 -translate-x-1/2 rounded-full bg-black"
        />
      </div>
      <button
        type="button"
        onClick={() => setStopped((value) => !value)}
        aria-label={stopped ? playLabel : pauseLabel}
        className="absolute right-3 bottom-3 grid size-8 cursor-pointer place-items-center rounded-full border border-white/20 bg-black/60 text-white/90 transition outline-none hover:bg-black/80 focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        {stopped ? (
          <Play className="size-3.5" aria-hidden="true" />
        ) : (
          <Pause className="size-3.5" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
