import * as React from 'react';
import { sanitizeHtml } from '@/web/lib/sanitize-html';

/** Light email-client look for the preview document (campaign mail is read on white). */
const PREVIEW_STYLE =
  '<style>body{margin:16px;font:14px/1.5 system-ui,sans-serif;color:#1f2937;background:#fff;overflow-wrap:anywhere}img{max-width:100%}a{color:#0e7490}</style>';

/**
 * A campaign's HTML content as the recipient would see it (docs/product.md §8.1 'HTML content
 * preview'), inside a sandboxed frame: the markup is cleaned by DOMPurify first, and the empty
 * `sandbox` stops scripts, forms, popups and navigation even if something slipped through. The
 * frame inherits this page's CSP, so remote images (tracking pixels) do not load here.
 */
export function EmailPreview({ html, title }: { html: string; title: string }) {
  const document = React.useMemo(() => `${PREVIEW_STYLE}${sanitizeHtml(html)}`, [html]);
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={document}
      className="h-64 w-full rounded-lg border border-white/10 bg-white"
    />
  );
}
