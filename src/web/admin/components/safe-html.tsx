import * as React from 'react';
import { sanitizeHtml } from '@/web/lib/sanitize-html';
import { cn } from '@/web/lib/utils';

/**
 * Shows untrusted HTML (an email body) after {@link sanitizeHtml}: formatting survives, scripts
 * and event handlers never run. Basic typography is restored for the usual email tags. `dir`:
 * `auto` for text a contact wrote, so right-to-left messages read right to left.
 */
export function SafeHtml({ html, className, dir }: { html: string; className?: string; dir?: 'auto' }) {
  const clean = React.useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      dir={dir}
      className={cn(
        'min-w-0 wrap-anywhere text-sm leading-relaxed [&_a]:text-brand-cyan [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_p+p]:mt-2 [&_pre]:whitespace-pre-wrap [&_ul]:list-disc',
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
