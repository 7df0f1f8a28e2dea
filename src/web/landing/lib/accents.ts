import type { Accent } from '../content';

/** Tailwind classes per brand accent (docs/product.md §3.4: cyan, magenta and blue shades). */
export const accentClasses: Record<
  Accent,
  { text: string; iconTile: string; ring: string; dot: string; gradient: string; glow: string }
> = {
  cyan: {
    text: 'text-cyan-200',
    iconTile: 'bg-cyan-400/15 text-cyan-200 ring-cyan-300/25',
    ring: 'ring-cyan-300/40',
    dot: 'bg-brand-cyan',
    gradient: 'from-cyan-300 to-sky-500',
    glow: 'shadow-cyan-400/25',
  },
  magenta: {
    text: 'text-fuchsia-200',
    iconTile: 'bg-fuchsia-500/15 text-fuchsia-200 ring-fuchsia-300/25',
    ring: 'ring-fuchsia-300/40',
    dot: 'bg-brand-magenta',
    gradient: 'from-fuchsia-400 to-pink-600',
    glow: 'shadow-fuchsia-500/25',
  },
  blue: {
    text: 'text-indigo-200',
    iconTile: 'bg-indigo-500/20 text-indigo-200 ring-indigo-300/25',
    ring: 'ring-indigo-300/40',
    dot: 'bg-brand-blue',
    gradient: 'from-indigo-400 to-blue-600',
    glow: 'shadow-indigo-500/25',
  },
};
