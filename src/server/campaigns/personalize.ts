import escapeHtml from 'escape-html';

/**
 * Fills `{{name}}` and `{{email}}` per recipient (issue: personalisation). In HTML the values are
 * escaped, so a contact named `<script>` cannot inject markup into a campaign; in the subject they
 * are plain text (the MIME composer encodes headers).
 */
export function personalize(
  template: string,
  recipient: { name: string; email: string },
  html: boolean,
): string {
  const values: Record<string, string> = { name: recipient.name, email: recipient.email };
  return template.replace(/\{\{\s*(name|email)\s*\}\}/g, (_m, key: string) =>
    html ? escapeHtml(values[key]!) : values[key]!,
  );
}
