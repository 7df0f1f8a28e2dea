import { z } from 'zod';
import { leadSourceRequestSchema } from './lead-source.ts';

/**
 * The characters a phone may hold (docs/product.md §3.5). None of them can name
 * a function, a cell or a program, which the CSV export relies on (decision 020).
 */
export const phonePattern = /^[0-9+().\- ]*$/;

/**
 * The public contact request (docs/product.md §3.5, with the
 * server's rules). The landing form relies on the browser's own checks
 * (docs/product.md §3.5: no length bounds client-side); the server enforces this schema.
 * Unknown keys are stripped, which is how "unknown fields are ignored" holds.
 */
export const contactRequestSchema = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(200, 'Name must be at most 200 characters.'),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Email must be at most 254 characters.')
    .pipe(z.email('Please enter a valid email address.')),
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(1, 'Message is required.')
    .max(5000, 'Message must be at most 5,000 characters.'),
  phone: z
    .string({ error: 'Phone must be text.' })
    .trim()
    .max(40, 'Phone must be at most 40 characters.')
    .regex(phonePattern, 'Phone may contain only digits, spaces and + ( ) - .')
    .optional()
    .transform((v) => (v ? v : undefined)),
  preferTextAndCall: z
    .boolean({ error: 'preferTextAndCall must be true or false.' })
    .optional()
    .default(false),
  /**
   * Honeypot: a field hidden from people; a submission that fills it is quarantined as spam (docs/product.md
   * §3.5).
   */
  website: z.string().optional(),
  /**
   * The ALTCHA proof of work: the widget's base64 payload (challenge and solution). Missing or
   * not valid, the lead is stored as spam (decision 037); never a validation error.
   */
  altcha: z.string().max(4000).optional().catch(undefined),
  /** The visit's first touch (referrer, UTM, landing path, first view), bounded and forgiving. */
  source: leadSourceRequestSchema,
});

export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ParsedContactRequest = z.output<typeof contactRequestSchema>;

/**
 * POST /api/contact answer (docs/product.md §12.2): the stored contact's id, sent once it is committed. The
 * same answer whether it was stored as a lead or as spam, so a bot learns nothing (decision 037).
 */
export const contactCreatedSchema = z.object({ id: z.number().int() });

/** GET /api/contact/challenge: an ALTCHA challenge (altcha-lib v2 shape), signed and expiring. */
export const powChallengeSchema = z
  .object({
    parameters: z.record(z.string(), z.unknown()),
    signature: z.string().optional(),
  })
  .meta({ id: 'PowChallenge' });
