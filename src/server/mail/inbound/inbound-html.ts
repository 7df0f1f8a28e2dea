import escapeHtml from 'escape-html';
import xss from 'xss';

// xss is CommonJS: its named exports exist only on the default export under plain Node.
const { FilterXSS, getDefaultWhiteList } = xss as unknown as typeof import('xss');

/**
 * The HTML an imported email is shown as in the thread (decision 023): the sender's HTML through the
 * `xss` sanitizer (an allow-list: no scripts, styles, event handlers, forms, frames or remote
 * images, which would report to the sender when the owner opens the thread), or the plain text
 * escaped. Quoted history is folded into a closed `<details>`, so the thread shows what is new.
 * The admin's front end sanitizes again (DOMPurify) before rendering.
 */

const allowList = (() => {
  const list = getDefaultWhiteList();
  // Remote images are tracking pixels as often as not; attachments are listed instead.
  delete list.img;
  delete list.audio;
  delete list.video;
  list.details = ['open'];
  list.summary = [];
  return list;
})();

const QUOTE_OPEN = '<details class="quoted-history"><summary>Quoted text</summary>';

const sanitizer = new FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'head', 'title', 'noscript', 'template', 'xml'],
  onTag(tag, _html, info) {
    // Every quoted block (Apple Mail, Thunderbird, Gmail and Outlook all quote in <blockquote>)
    // is folded; the xss tokenizer hands over opening and closing tags one by one.
    if (tag === 'blockquote') return info.isClosing ? '</blockquote></details>' : `${QUOTE_OPEN}<blockquote>`;
    return undefined;
  },
  onTagAttr(tag, name, value) {
    if (tag === 'a' && name === 'href' && !/^(https?:|mailto:)/i.test(value.trim())) return '';
    return undefined;
  },
});

/** Sanitized HTML of an email's HTML body, quoted history folded. */
export function sanitizeInboundHtml(html: string): string {
  return sanitizer.process(html).trim();
}

/**
 * Plain text as HTML: escaped, line breaks kept, and the quoted history (from an "On … wrote:"
 * line or the first `>` line, or an Outlook "-----Original Message-----", to the end) folded.
 */
export function textToThreadHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let quoteAt = lines.findIndex(
    (line, i) =>
      /^-{2,}\s*Original Message\s*-{2,}$/i.test(line.trim()) ||
      (line.startsWith('>') && lines.slice(i).every((l) => l.startsWith('>') || l.trim() === '')),
  );
  if (quoteAt > 0) {
    // The attribution line ("On Tue, … Ann wrote:") belongs to the quote, blank lines between too.
    let j = quoteAt - 1;
    while (j > 0 && lines[j]!.trim() === '') j--;
    if (/wrote:\s*$/i.test(lines[j]!)) quoteAt = j;
  }
  const toHtml = (part: string[]) => part.map((l) => escapeHtml(l)).join('<br>');
  const fresh = quoteAt === -1 ? lines : lines.slice(0, quoteAt);
  const quoted = quoteAt === -1 ? [] : lines.slice(quoteAt);
  const body = `<p>${toHtml(trimBlank(fresh))}</p>`;
  return quoted.length > 0 ? `${body}${QUOTE_OPEN}<p>${toHtml(quoted)}</p></details>` : body;
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}
