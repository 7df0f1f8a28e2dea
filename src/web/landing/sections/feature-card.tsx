import { Check } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import type { FeatureCard as FeatureCardData } from '../content';
import { accentClasses } from '../lib/accents';

/**
 * One card with an icon tile, a title (`h3`), a text and optional proof points: the services,
 * mini-CRM, about and AI cards share it. The gradient border lights up on hover.
 */
export function FeatureCard({
  card,
  className,
  headingLevel = 'h3',
}: {
  card: FeatureCardData;
  className?: string;
  headingLevel?: 'h3' | 'h4';
}) {
  const { title, description, icon: Icon, accent, points } = card;
  const Heading = headingLevel;
  const colors = accentClasses[accent];
  return (
    <li
      className={cn(
        'group relative rounded-2xl bg-linear-to-br from-white/12 via-white/5 to-white/10 p-px transition duration-300 hover:-translate-y-0.5 hover:from-brand-cyan/60 hover:via-brand-blue/40 hover:to-brand-magenta/60',
        className,
      )}
    >
      <div className="flex h-full flex-col rounded-[calc(1rem-1px)] bg-card/95 p-6">
        <span className={cn('grid size-11 place-items-center rounded-xl ring-1', colors.iconTile)}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <Heading className="mt-5 text-lg font-semibold">{title}</Heading>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
        {points ? (
          <ul className="mt-auto grid gap-1.5 pt-5 text-sm">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-2 text-foreground/85">
                <Check className={cn('size-3.5', colors.text)} aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
