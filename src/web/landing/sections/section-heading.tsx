import { cn } from '@/web/lib/utils';

/** Eyebrow, title (`h2`) and intro shared by the landing's sections. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  className,
}: {
  /** Id of the `h2`, for the section's `aria-labelledby`. */
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className="text-sm font-semibold tracking-widest text-brand-cyan uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-muted-foreground">{intro}</p> : null}
    </div>
  );
}
