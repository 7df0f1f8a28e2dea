import { cn } from '@/web/lib/utils';
import logoUrl from '../assets/logo.svg';

/** The brand's hexagon logo (src/web/landing/assets/logo.svg), decorative unless `alt` is given. */
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
      className={cn('select-none', className)}
    />
  );
}

/** Logo followed by the brand name, for the header, footer and mobile bar. */
export function BrandLockup({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 font-semibold tracking-tight', className)}>
      <BrandLogo size={30} className="size-[30px] drop-shadow-[0_0_10px_rgb(79_110_247/0.45)]" />
      <span>{name}</span>
    </span>
  );
}
