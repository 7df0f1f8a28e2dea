import type * as React from 'react';
import type { SiteConfig } from '@/shared/site';
import type { IslandName } from './registry';

/** Props every island receives besides its own: the runtime brand settings. */
export interface IslandBaseProps {
  site: SiteConfig;
}

/**
 * Marks an interactive part of the prerendered landing as an island
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md): the server renders `component`
 * inside a `display: contents` wrapper that names it and carries its own props as JSON; the
 * browser entry (entry-client.tsx) hydrates each wrapper as its own React root with the same
 * props and `site`. Everything outside an island stays server HTML and is never hydrated.
 *
 * `props` must survive `JSON.stringify`. An island must not use `useId` (its root's ids would
 * not match the page render's): pass ids in as props. `media`, a media query, delays the
 * island's code and hydration until it matches (on top of its layout's own breakpoint).
 * `serverProps` go to the server render only (not serialised): server HTML the island keeps, such
 * as the mobile pages' content (see {@link ServerHtml}).
 */
export function Island<P extends object>({
  name,
  component: Component,
  site,
  props,
  media,
  serverProps,
}: {
  name: IslandName;
  component: React.ComponentType<P & IslandBaseProps>;
  site: SiteConfig;
  props?: P;
  media?: string;
  serverProps?: Partial<P>;
}) {
  return (
    <div
      data-island={name}
      data-props={props ? JSON.stringify(props) : undefined}
      data-media={media}
      className="contents"
    >
      <Component {...((props ?? {}) as P)} {...serverProps} site={site} />
    </div>
  );
}

/**
 * Server HTML kept as it is inside an island: the server renders `children`; the browser
 * renders the same element with an empty `dangerouslySetInnerHTML`, which React neither hydrates
 * nor diffs (`import.meta.env.SSR` is false in the client build). Nested islands inside it
 * hydrate as their own roots.
 */
export function ServerHtml({
  as: Tag = 'div',
  children,
  ...rest
}: { as?: 'div' | 'section'; children?: React.ReactNode } & React.HTMLAttributes<HTMLElement> & {
    ref?: React.Ref<HTMLElement>;
  }) {
  if (import.meta.env.SSR) return <Tag {...(rest as object)}>{children}</Tag>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, never content: it only tells React to keep the server's HTML.
  return <Tag {...(rest as object)} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
}
