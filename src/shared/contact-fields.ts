import { z } from 'zod';
import { contactRequestSchema } from './contact.ts';

/**
 * The contact's own fields, declared once (decision 058; docs/architecture.md 'Adding a contact
 * field'). Add Contact, the contact detail's Edit (PATCH /api/admin/contacts/{id}), the CSV export,
 * merge and 'Turn into Client' read this table, so a new field is a column, a row here, and the few
 * places listed in that walkthrough. `key` is the field's name in the API, in the Drizzle row of
 * `contacts` and (when `client`) of `clients`; `column` is its SQL column. The person's export
 * (GDPR Art. 15/20) needs no row here: it writes every column of the contact.
 */

/** Text that may be left out or blank (then null), at most `max` characters. */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .optional()
    .nullable()
    .transform((v) => v || null);

/** The largest deal value, in minor units: far beyond any deal, and exact in a JS number. */
export const DEAL_VALUE_MAX = 1_000_000_000_000_000;

/** True for a real day of the calendar between the years 2000 and 2199, given as YYYY-MM-DD. */
function isCalendarDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  if (year < 2000 || year > 2199) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** How merging two contacts settles a field (merge-contacts.ts). */
export type MergeRule =
  /** The kept contact's value stays. */
  | 'keep'
  /** The kept contact's value, else the duplicate's. */
  | 'fill'
  /** Both values, the kept one's first, joined by a blank line. */
  | 'join';

export interface ContactFieldSpec<
  K extends string = string,
  S extends z.ZodType = z.ZodType,
  E extends boolean = boolean,
  R extends boolean = boolean,
> {
  key: K;
  column: string;
  /** The form's label and the CSV export's column header (the import reads it back). */
  label: string;
  /**
   * The input's type in Add Contact and Edit; `money` (minor units of `CURRENCY`) and `month` are
   * the deal card's (decision 063).
   */
  input: 'text' | 'email' | 'tel' | 'textarea' | 'money' | 'month';
  /** Never empty (a NOT NULL column; the API answers a string, else a string or null). */
  required: R;
  /** Shown and changed by the contact detail's Edit (notes have their own card). */
  editable: E;
  merge: MergeRule;
  /** 'Turn into Client' copies it onto the new client (same key in `clients`). */
  client: boolean;
  /** What the API accepts for it, shared by Add Contact and Edit. */
  schema: S;
  /** How the API answers it when it is not text (text: a string, or null when optional). */
  response?: z.ZodType;
  /** False: left out of the CSV export (whose columns spreadsheets and the import read back). */
  csv?: boolean;
}

const field = <
  K extends string,
  S extends z.ZodType,
  const E extends boolean,
  const R extends boolean,
  A extends z.ZodType | undefined = undefined,
>(
  spec: ContactFieldSpec<K, S, E, R> & { response?: A },
) => spec as ContactFieldSpec<K, S, E, R> & (A extends z.ZodType ? { response: A } : unknown);

/** The fields, in the order the forms and the CSV export show them. */
export const contactFields = [
  field({
    key: 'name',
    column: 'name',
    label: 'Name',
    input: 'text',
    required: true,
    editable: true,
    merge: 'keep',
    client: true,
    schema: contactRequestSchema.shape.name,
  }),
  field({
    key: 'email',
    column: 'email',
    label: 'Email',
    input: 'email',
    required: true,
    editable: true,
    merge: 'keep',
    client: true,
    schema: contactRequestSchema.shape.email,
  }),
  field({
    key: 'phone',
    column: 'phone',
    label: 'Phone',
    input: 'tel',
    required: false,
    editable: true,
    merge: 'fill',
    client: true,
    schema: contactRequestSchema.shape.phone.nullable().transform((v) => v || null),
  }),
  field({
    key: 'company',
    column: 'company',
    label: 'Company',
    input: 'text',
    required: false,
    editable: true,
    merge: 'fill',
    client: true,
    schema: optionalText(200, 'Company'),
  }),
  field({
    key: 'notes',
    column: 'notes',
    label: 'Notes',
    input: 'textarea',
    required: false,
    editable: false,
    merge: 'join',
    client: true,
    schema: optionalText(20_000, 'Notes'),
  }),
  // The deal (decision 063): shown and changed on the contact detail's deal card and the board.
  field({
    key: 'dealValue',
    column: 'deal_value',
    label: 'Deal value',
    input: 'money',
    required: false,
    editable: false,
    merge: 'fill',
    client: false,
    csv: false,
    schema: z
      .number({ error: 'dealValue must be a whole number of minor units (cents).' })
      .int('dealValue must be a whole number of minor units (cents).')
      .min(0, 'dealValue cannot be negative.')
      .max(DEAL_VALUE_MAX, 'dealValue is too large.')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    response: z
      .number()
      .int()
      .nullable()
      .describe('The deal value in minor units of the CURRENCY setting (cents for EUR); null: not set.'),
  }),
  field({
    key: 'expectedCloseOn',
    column: 'expected_close_on',
    label: 'Expected close',
    input: 'month',
    required: false,
    editable: false,
    merge: 'fill',
    client: false,
    csv: false,
    schema: z
      .string({ error: 'expectedCloseOn must be a date (YYYY-MM-DD).' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expectedCloseOn must be a date (YYYY-MM-DD).')
      .refine(isCalendarDate, 'expectedCloseOn must be a date (YYYY-MM-DD).')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    response: z
      .string()
      .nullable()
      .describe('When the deal is expected to close (YYYY-MM-DD); null: not set.'),
  }),
] as const;

export type ContactFieldKey = (typeof contactFields)[number]['key'];

/** The fields the contact detail's Edit shows. */
export type EditableContactField = Extract<(typeof contactFields)[number], { editable: true }>;
export type EditableContactFieldKey = EditableContactField['key'];
export const editableContactFields = contactFields.filter((f): f is EditableContactField => f.editable);

/** A zod object of the given fields' schemas, keyed by field. */
export function fieldsObject<F extends readonly ContactFieldSpec[]>(fields: F) {
  return Object.fromEntries(fields.map((f) => [f.key, f.schema])) as {
    [P in F[number] as P['key']]: P['schema'];
  };
}

type Field = (typeof contactFields)[number];
type Answered<F extends Field> = F extends { response: infer R extends z.ZodType }
  ? R
  : F['required'] extends true
    ? z.ZodString
    : z.ZodNullable<z.ZodString>;
type AnsweredValue<F extends Field> = z.output<Answered<F>>;

/** The fields as the API answers them in a Contact: text, null when an optional one is empty. */
export const contactFieldsResponseShape = Object.fromEntries(
  contactFields.map((f) => [
    f.key,
    'response' in f ? f.response : f.required ? z.string() : z.string().nullable(),
  ]),
) as { [F in Field as F['key']]: Answered<F> };

/** A `contacts` row's fields, as the API answers them (to-contact.ts). */
export function contactFieldValues(row: { [F in Field as F['key']]: AnsweredValue<F> }) {
  return Object.fromEntries(contactFields.map((f) => [f.key, row[f.key]])) as {
    [F in Field as F['key']]: AnsweredValue<F>;
  };
}
