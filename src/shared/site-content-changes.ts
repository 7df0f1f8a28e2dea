import type { SiteContent } from './site-content.ts';

/**
 * What changed between two content documents (decision 067): the version list's summary, and the
 * admin's publish confirmation (decision 069), which must say the same thing the version will.
 */

/** Whether two JSON values are equal (objects by their keys in any order, arrays in order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  return (
    left.length === Object.values(right).filter((value) => value !== undefined).length &&
    left.every(([key, value]) => sameJson(value, right[key]))
  );
}

/** Names of the document's parts as the version list shows them. */
const PART_NAMES: Partial<Record<keyof SiteContent, string>> = {
  seo: 'SEO',
  miniCrmSection: 'mini CRM section',
  miniCrmFeatures: 'mini CRM cards',
  aboutCards: 'about cards',
  aiFeatures: 'AI cards',
  processSteps: 'process steps',
  faqCategories: 'FAQ',
  contactSection: 'contact card',
  contactForm: 'contact form',
  sectionNav: 'section buttons',
  navItems: 'navigation',
};

/** The name of a document part as the version list and the editor show it ('AI cards'). */
export function partName(key: keyof SiteContent): string {
  return PART_NAMES[key] ?? key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

/**
 * What changed between two documents, part by part: 'testimonials: 7 (was 6); hero changed'.
 * Lists say their new length when it changed, else 'changed' (edited or reordered).
 */
export function summarizeChanges(before: SiteContent, after: SiteContent): string {
  const parts: string[] = [];
  for (const key of Object.keys(after) as (keyof SiteContent)[]) {
    if (sameJson(before[key], after[key])) continue;
    const was = before[key];
    const now = after[key];
    parts.push(
      Array.isArray(was) && Array.isArray(now) && was.length !== now.length
        ? `${partName(key)}: ${now.length} (was ${was.length})`
        : `${partName(key)} changed`,
    );
  }
  return parts.join('; ') || 'No changes';
}
