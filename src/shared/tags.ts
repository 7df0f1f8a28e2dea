import { z } from 'zod';
import { rowId } from './ids.ts';

/** A tag (docs/product.md §6.4); `color` is a CSS hex colour. */
export const tagSchema = z.object({ id: rowId, name: z.string(), color: z.string() }).meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;

/** POST /api/admin/tags: tag creation, which the spec does not show (docs/product.md §6.4). */
export const tagCreateSchema = z.object({
  name: z
    .string({ error: 'Tag name is required' })
    .trim()
    .min(1, 'Tag name is required')
    .max(40, 'Tag name must be at most 40 characters.'),
  color: z
    .string({ error: 'Colour is required' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour like #22d3ee.')
    .transform((v) => v.toLowerCase()),
});
export type TagCreate = z.infer<typeof tagCreateSchema>;
