/**
 * Stand-in for tailwind-merge in the landing's builds only (see scripts/build.ts and
 * vite.config.ts): `cn()` then joins class names without resolving Tailwind conflicts, which
 * saves about 7 KB gzip of the landing's 100 KB JS budget (decision 028). The admin keeps the real
 * tailwind-merge.
 *
 * Rule for landing code: never pass a class that conflicts with a component's own (same
 * property, same variant); use a prop or the important modifier (`text-2xl!`) instead.
 */
export function twMerge(...classLists: (string | undefined | null | false)[]): string {
  return classLists.filter(Boolean).join(' ');
}
