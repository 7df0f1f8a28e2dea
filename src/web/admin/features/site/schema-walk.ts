import type { z } from 'zod';
import { mediaRefSchema } from '@/shared/site-content';

/**
 * Reads the content schema (src/shared/site-content.ts) as the editor needs it (decision 069):
 * which control each field gets, the limits of each list, and a blank value for a new item. The
 * editor is driven by the schema, so a field added there shows up in the 'Site' screen with no
 * other change (a label in labels.ts makes it read well).
 */

/** What the editor draws for one schema node. */
export type FieldNode =
  | { kind: 'object'; shape: Record<string, z.ZodType> }
  | { kind: 'array'; element: z.ZodType; min: number; max: number }
  | { kind: 'tuple'; items: z.ZodType[] }
  | { kind: 'string'; max: number; multiline: boolean; media: boolean }
  | { kind: 'enum'; options: string[] }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'literal' };

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  entries?: Record<string, string>;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** Paragraph fields (line breaks allowed): drawn as text areas. */
const PARAGRAPH_KEYS = new Set([
  'description',
  'intro',
  'testimonial',
  'answer',
  'ctaText',
  'heroIntro',
  'contactIntro',
]);

/** `schema` without its `.optional()` wrapper, and whether it had one. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  const def = defOf(schema);
  if (def.type === 'optional' && def.innerType) return { inner: unwrap(def.innerType).inner, optional: true };
  return { inner: schema, optional: false };
}

/** The limits a list's checks set (`.min`, `.max`, `.length`). */
function listLimits(def: Def): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' && c.minimum !== undefined) min = c.minimum;
    if (c.check === 'max_length' && c.maximum !== undefined) max = c.maximum;
    if (c.check === 'length_equals' && c.length !== undefined) min = max = c.length;
  }
  return { min, max };
}

/** The control for the field `key` whose schema is `schema` (optional already unwrapped). */
export function fieldNode(schema: z.ZodType, key: string): FieldNode {
  const def = defOf(schema);
  const loose = schema as unknown as {
    maxLength?: number | null;
    minValue?: number | null;
    maxValue?: number | null;
    options?: string[];
  };
  switch (def.type) {
    case 'object':
      return { kind: 'object', shape: def.shape ?? {} };
    case 'array':
      return { kind: 'array', element: def.element as z.ZodType, ...listLimits(def) };
    case 'tuple':
      return { kind: 'tuple', items: def.items ?? [] };
    case 'enum':
      return { kind: 'enum', options: loose.options ?? Object.values(def.entries ?? {}) };
    case 'number':
      return { kind: 'number', min: loose.minValue ?? 0, max: loose.maxValue ?? Number.MAX_SAFE_INTEGER };
    case 'boolean':
      return { kind: 'boolean' };
    case 'literal':
      return { kind: 'literal' };
    default:
      return {
        kind: 'string',
        max: loose.maxLength ?? 500,
        multiline: PARAGRAPH_KEYS.has(key),
        media: schema === mediaRefSchema,
      };
  }
}

/**
 * A new list item for `schema`: empty texts, the first choice of each list of choices, the lowest
 * number (5 stars for a rating), and the fewest items a list needs. A project gets a fresh id.
 */
export function blankValue(schema: z.ZodType, key: string): unknown {
  const { inner, optional } = unwrap(schema);
  if (optional) return undefined;
  const node = fieldNode(inner, key);
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(node.shape)) {
        const value =
          k === 'id' && key === 'projects' ? `project-${Date.now().toString(36)}` : blankValue(child, k);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array':
      return Array.from({ length: node.min }, () => blankValue(node.element, key));
    case 'tuple':
      return node.items.map((item) => blankValue(item, key));
    case 'enum':
      return node.options[0];
    case 'number':
      return key === 'rating' ? node.max : node.min;
    case 'boolean':
      return key === 'showOnPhones';
    default:
      return '';
  }
}

/** `doc` with the value at the dotted `path` replaced (copies only the objects on the way). */
export function setIn<T>(doc: T, path: string, value: unknown): T {
  const keys = path.split('.');
  const write = (node: unknown, index: number): unknown => {
    const key = keys[index]!;
    const last = index === keys.length - 1;
    if (Array.isArray(node)) {
      const copy = [...node];
      copy[Number(key)] = last ? value : write(node[Number(key)], index + 1);
      return copy;
    }
    const copy = { ...(node as Record<string, unknown>) };
    const next = last ? value : write(copy[key], index + 1);
    if (next === undefined) delete copy[key];
    else copy[key] = next;
    return copy;
  };
  return write(doc, 0) as T;
}

/** The path of a child: `join('testimonials', 2)` → `testimonials.2`. */
export const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
