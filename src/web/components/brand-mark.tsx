import { BrandLockup } from './brand-logo';

/**
 * The admin's brand lockup: the same hexagon mark and name as the landing's header
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md).
 */
export function BrandMark({ name, className }: { name: string; className?: string }) {
  return <BrandLockup name={name} className={className} />;
}
