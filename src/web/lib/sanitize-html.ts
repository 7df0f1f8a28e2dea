import DOMPurify from 'dompurify';

let hooked = false;

/**
 * Cleans HTML written by people (email bodies in the admin conversation) so it can be shown with
 * `dangerouslySetInnerHTML`: DOMPurify's HTML profile drops scripts, event-handler attributes
 * (`onerror`…), `javascript:` URLs, forms and embedded frames. Links open in a new tab without
 * giving the opened page a handle on this one.
 * @param html Untrusted HTML.
 * @returns Markup safe to insert into the admin page.
 */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
