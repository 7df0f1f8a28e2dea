/**
 * Where each card of a list goes (decision 070), so that any number of projects (1–12) or
 * testimonials (1–24) looks designed: never one card alone on a row unless it is the only one.
 * Server-side only (the sections compute the classes and islands get them as props), so the
 * visitor's JavaScript does not grow.
 *
 * The grids have 24 tracks (12 on phones) without column gaps: a card spans `24 / columns`
 * tracks and the first card of a shorter row starts so that the row is centred; the space between
 * cards is each cell's own padding. Tailwind sees every class below as a literal.
 */

/** Row lengths of `n` cards at most `max` a row, as even as they go, the longer rows first (7, 3 → 3, 2, 2). */
export function balancedRows(n: number, max: number): number[] {
  if (n <= 0) return [];
  const count = Math.ceil(n / max);
  const base = Math.floor(n / count);
  const extra = n % count;
  return Array.from({ length: count }, (_, row) => base + (row < extra ? 1 : 0));
}

type Breakpoint = 'md' | 'lg';

const SPAN: Record<Breakpoint, Record<number, string>> = {
  md: { 6: 'md:col-span-6', 8: 'md:col-span-8', 12: 'md:col-span-12' },
  lg: { 6: 'lg:col-span-6', 8: 'lg:col-span-8', 12: 'lg:col-span-12' },
};
const START: Record<Breakpoint, Record<number, string>> = {
  md: {
    1: 'md:col-start-1',
    4: 'md:col-start-4',
    5: 'md:col-start-5',
    7: 'md:col-start-7',
    9: 'md:col-start-9',
    10: 'md:col-start-10',
  },
  lg: {
    1: 'lg:col-start-1',
    4: 'lg:col-start-4',
    5: 'lg:col-start-5',
    7: 'lg:col-start-7',
    9: 'lg:col-start-9',
    10: 'lg:col-start-10',
  },
};

/**
 * The classes of each of `n` cells of a `*:grid-cols-24` grid from `breakpoint` up: rows of at
 * most `max` (2 to 4) cards, balanced; every card as wide as one of `max(longest row, minColumns)`
 * columns, so a lone card or pair does not stretch across the page.
 */
export function gridCells(n: number, breakpoint: Breakpoint, max: number, minColumns: number): string[] {
  const rows = balancedRows(n, max);
  const columns = Math.max(rows[0] ?? 1, minColumns);
  const span = 24 / columns;
  const cells: string[] = [];
  for (const length of rows) {
    for (let i = 0; i < length; i++) {
      cells.push(
        i === 0
          ? `${SPAN[breakpoint][span]} ${START[breakpoint][((columns - length) * span) / 2 + 1]}`
          : SPAN[breakpoint][span]!,
      );
    }
  }
  return cells;
}

/**
 * The classes of each of `n` cells of the phone's `grid-cols-12` grid: two cards a row, and with
 * an odd number the last row holds three (5 → 2, 3); a single card is centred, two thirds wide.
 */
export function phoneGridCells(n: number): string[] {
  if (n === 1) return ['col-span-8 col-start-3'];
  const cells = Array.from({ length: n }, () => 'col-span-6');
  if (n % 2 === 1) cells.splice(n - 3, 3, 'col-span-4', 'col-span-4', 'col-span-4');
  return cells;
}
