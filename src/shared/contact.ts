import { z } from 'zod';

/**
 * The characters a phone may hold (DESIGN §3 'Contact form, server side'). None of them can name
 * a function, a cell or a program, which the CSV export relies on (issue #11 §2).
 */
export const phonePattern = /^[0-9+().\- ]*$/;

/**
 * The public contact request (spec §3 'Contact request'; server rules from DESIGN §3
 * 'Contact form, server side'). The landing form relies on the browser's own checks
 * (spec §5: no length bounds client-side); the server enforces this schema.
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
  /** Honeypot: a field hidden from people; bots that fill it are dropped (DESIGN §3). */
  website: z.string().optional(),
});

export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ParsedContactRequest = z.output<typeof contactRequestSchema>;

/** POST /api/contact answer (spec §7): the new lead's id, sent once it is committed. */
export const contactCreatedSchema = z.object({ id: z.number().int() });
