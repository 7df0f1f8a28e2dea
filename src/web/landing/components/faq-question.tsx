import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '../content';

/**
 * One expandable question. Native `<details>`: the answer is in the prerendered HTML (readable
 * and indexable without JavaScript) and keyboard support comes from the browser. Items sharing a
 * `name` open one at a time (docs/product.md §3.1, mobile 'only one open at a time').
 */
export function FaqQuestion({ item, name }: { item: FaqItem; name?: string }) {
  return (
    <details
      name={name}
      className="group rounded-xl border border-white/10 bg-background/40 transition open:bg-white/[0.04]"
    >
      <summary className="flex cursor-pointer items-center justify-between gap-4 rounded-xl px-4 py-3.5 text-left text-[0.95rem] font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {item.question}
        <ChevronDown
          className="faq-chevron size-4 shrink-0 text-muted-foreground transition-transform"
          aria-hidden="true"
        />
      </summary>
      <p className="px-4 pb-4 text-sm leading-relaxed text-muted-foreground">{item.answer}</p>
    </details>
  );
}
