import { z } from 'zod';

/** Longest kept UTM value, in characters: longer ones are cut (decision 037). */
export const UTM_MAX = 200;
/** Longest kept landing path, in characters: longer ones are cut. */
export const LANDING_PATH_MAX = 500;

/** The label of a visit or lead with neither a UTM source nor a referrer (decision 037). */
export const DIRECT_SOURCE = '(direct)';

/** Device classes the server derives from the user agent (bowser's platform types). */
export const deviceClasses = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** Control characters (line breaks, tabs, C0/C1): one-line fields hold none of them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;

/** A one-line text of at most `max` characters: control characters become spaces, then cut. */
const boundedText = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(CONTROL, ' ').trim().slice(0, max))
    .transform((v) => v || undefined)
    .optional()
    .catch(undefined);

/** A DNS host name (RFC 1123 letters, digits, hyphens, dots; at most 253), lower-cased. */
const hostPattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The first touch of the visit, as the landing keeps it in the tab's sessionStorage and sends it
 * with the lead (decision 037): the referrer's host, the five UTM parameters, the path the visit
 * landed on and the time of that first view. Bounded and forgiving: a value of the wrong type or
 * shape is dropped (a lead is never refused for its tracking data), long values are cut, unknown
 * keys are stripped. A NUL anywhere in the body is refused before this runs (reject-nul plugin).
 */
export const leadSourceRequestSchema = z
  .object({
    referrer: z.string().trim().toLowerCase().regex(hostPattern).optional().catch(undefined),
    utmSource: boundedText(UTM_MAX),
    utmMedium: boundedText(UTM_MAX),
    utmCampaign: boundedText(UTM_MAX),
    utmTerm: boundedText(UTM_MAX),
    utmContent: boundedText(UTM_MAX),
    landingPath: z
      .string()
      .startsWith('/')
      .transform((v) => v.replace(CONTROL, '').slice(0, LANDING_PATH_MAX))
      .optional()
      .catch(undefined),
    firstSeenAt: z.iso.datetime({ offset: true }).optional().catch(undefined),
  })
  .optional()
  .catch(undefined);
export type LeadSourceRequest = z.input<typeof leadSourceRequestSchema>;
export type ParsedLeadSource = NonNullable<z.output<typeof leadSourceRequestSchema>>;

/** A lead's stored first-touch source as the API answers it (every field may be missing). */
export const storedLeadSourceSchema = z
  .object({
    referrerHost: z.string().nullable(),
    utmSource: z.string().nullable(),
    utmMedium: z.string().nullable(),
    utmCampaign: z.string().nullable(),
    utmTerm: z.string().nullable(),
    utmContent: z.string().nullable(),
    landingPath: z.string().nullable(),
    firstSeenAt: z.string().nullable(),
    device: z.enum(deviceClasses).nullable(),
  })
  .meta({ id: 'LeadSource' });
export type StoredLeadSource = z.infer<typeof storedLeadSourceSchema>;

/**
 * The one-word source of a lead or visit, as the dashboard and the list filter name it: the UTM
 * source, else the referrer's host, else {@link DIRECT_SOURCE}.
 */
export function leadSourceLabel(source: { utmSource?: string | null; referrerHost?: string | null }): string {
  return source.utmSource || source.referrerHost || DIRECT_SOURCE;
}
