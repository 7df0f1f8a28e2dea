import { cn } from '@/web/lib/utils';
import logoUrl from '../assets/brand-logo.svg';

/**
 * The brand's one mark, the hexagon with a bolt (src/web/assets/brand-logo.svg), used by the
 * landing, the admin and, as the same bytes, /favicon.svg and the PNG icons rendered from it
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md). Decorative unless `alt` is given;
 * `data-brand-mark` lets tests compare the site's and the admin's marks.
 */
export function BrandLogo({
  className,
  alt = '',
  size = 32,
}: {
  className?: string;
  alt?: string;
  size?: number;
}) {
  return (
    <img
      src={logoUrl}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      draggable={false}
      data-brand-mark=""
      className={cn('select-none', className)}
    />
  );
}

/** The mark followed by the brand name: landing header, footer, admin header and login. */
export function BrandLockup({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 font-semibold tracking-tight', className)}>
      <BrandLogo size={30} className="size-[30px] drop-shadow-[0_0_10px_rgb(79_110_247/0.45)]" />
      <span>{name}</span>
    </span>
  );
}
