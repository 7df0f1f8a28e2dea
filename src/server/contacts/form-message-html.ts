import escapeHtml from 'escape-html';

/**
 * A message typed into the public form (plain text) as the HTML that conversation messages hold:
 * escaped, so `<b>` or `a < b` shows as typed, with its line breaks kept. Used when a returning
 * lead's submission, or a merged contact's original message, joins a conversation (decision 019).
 */
export function formMessageHtml(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');
}
