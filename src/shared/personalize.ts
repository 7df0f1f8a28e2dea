import escapeHtml from 'escape-html';

/**
 * Campaign placeholders: `{{name}}` is the contact's full name, `{{firstName}}` its
 * first word, `{{email}}` the address. Spaces inside the braces are allowed (`{{ name }}`); the
 * names are case-sensitive. Anything else in double braces is an unknown placeholder, which blocks
 * creating and sending the campaign rather than reaching people as literal text.
 */
export const placeholders = ['name', 'firstName', 'email'] as const;
export type Placeholder = (typeof placeholders)[number];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const isKnown = (key: string): key is Placeholder => (placeholders as readonly string[]).includes(key);

/** The distinct unknown placeholders of `template`, as written (e.g. `{{first_name}}`). */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) if (!isKnown(match[1]!)) unknown.add(match[0]);
  return [...unknown];
}

/**
 * The message that blocks a campaign with unknown placeholders, listing the known ones:
 * 'Unknown placeholder {{first_name}}. Use {{name}}, {{firstName}} or {{email}}.'
 */
export function unknownPlaceholderMessage(unknown: readonly string[]): string {
  const known = placeholders.map((p) => `{{${p}}}`);
  const list = `${known.slice(0, -1).join(', ')} or ${known.at(-1)}`;
  return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Use ${list}.`;
}

/**
 * The message that blocks a campaign whose subject or content holds an unknown placeholder, or
 * null when every placeholder is known (a draft saved before the check may hold one).
 */
export function campaignPlaceholderError(campaign: { subject: string; htmlContent: string }): string | null {
  const unknown = [
    ...new Set([...unknownPlaceholders(campaign.subject), ...unknownPlaceholders(campaign.htmlContent)]),
  ];
  return unknown.length > 0 ? unknownPlaceholderMessage(unknown) : null;
}

/** The first word of a name ('Olivia' of 'Olivia Martin'); the whole name when it is one word. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? '';
}

/**
 * Fills the placeholders for one recipient. In HTML the values are escaped, so a contact named
 * `<script>` cannot inject markup into a campaign; in the subject they are plain text (the MIME
 * composer encodes headers). Unknown placeholders are left as written (they are refused before a
 * campaign is created or sent).
 */
export function personalize(
  template: string,
  recipient: { name: string; email: string },
  html: boolean,
): string {
  const values: Record<Placeholder, string> = {
    name: recipient.name,
    firstName: firstName(recipient.name),
    email: recipient.email,
  };
  return template.replace(PLACEHOLDER, (whole, key: string) => {
    if (!isKnown(key)) return whole;
    return html ? escapeHtml(values[key]) : values[key];
  });
}
