/**
 * Browser entry of the public landing (index.html). The server sends the whole page as HTML;
 * this hydrates only its islands, each as its own React root with the props the server wrote
 * beside it and the runtime `SiteConfig` (`window.__SITE__`), and only those of the layout on
 * screen: desktop from 768 px, mobile below. An island of the other layout, or one with its own
 * `data-media` query (the testimonial carousel below 1024 px), loads and hydrates when its query
 * starts to match (docs/decisions/045-landing-islands-and-one-brand-mark.md).
 *
 * Once every island on screen has committed, `<html data-hydrated="true">` tells tests (and
 * tools) the page is interactive.
 */
import * as React from 'react';
import { hydrateRoot } from 'react-dom/client';
import { applyContent } from './landing/content';
import { type IslandName, islandLoaders } from './landing/islands/registry';
import { recordFirstTouch } from './landing/lib/first-touch';
import { MOBILE_QUERY } from './landing/lib/motion';
import { getSite } from './lib/site';

/** Calls `onCommit` once its island's first render is on the page. */
function Committed({ onCommit, children }: { onCommit: () => void; children: React.ReactNode }) {
  React.useEffect(() => onCommit(), [onCommit]);
  return children;
}

/**
 * The media queries an island waits for (all must match; none: it hydrates at once). Kept apart
 * rather than joined with `and`: `not all and (…)` queries cannot be combined that way.
 */
function queriesFor(element: HTMLElement): MediaQueryList[] {
  const layout = element.closest<HTMLElement>('[data-layout]')?.dataset.layout;
  return [
    layout === 'desktop' ? `not all and ${MOBILE_QUERY}` : null,
    layout === 'mobile' ? MOBILE_QUERY : null,
    element.dataset.media ?? null,
  ]
    .filter((query): query is string => query !== null)
    .map((query) => window.matchMedia(query));
}

async function hydrateIsland(element: HTMLElement, index: number, onCommit: () => void): Promise<void> {
  const name = element.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) throw new Error(`Unknown island '${name}'.`);
  const Component = await load();
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
  // A transition: React hydrates in slices that yield to the browser (decision 028, TBT).
  React.startTransition(() => {
    hydrateRoot(
      element,
      <Committed onCommit={onCommit}>
        <Component {...props} site={getSite()} />
      </Committed>,
      { identifierPrefix: `i${index}-` },
    );
  });
}

function start(): void {
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  let waiting = 0;
  const committed = () => {
    waiting -= 1;
    if (waiting === 0) document.documentElement.dataset.hydrated = 'true';
  };
  islands.forEach((element, index) => {
    const queries = queriesFor(element);
    const matches = () => queries.every((query) => query.matches);
    if (matches()) {
      waiting += 1;
      void hydrateIsland(element, index, committed);
      return;
    }
    const later = () => {
      if (!matches()) return;
      for (const query of queries) query.removeEventListener('change', later);
      void hydrateIsland(element, index, () => undefined);
    };
    for (const query of queries) query.addEventListener('change', later);
  });
  if (waiting === 0) document.documentElement.dataset.hydrated = 'true';
}

// The content the islands render, written by the server beside the page (decision 067).
const content = document.getElementById('site-content')?.textContent;
if (content) applyContent(JSON.parse(content));
// Where this visit came from, kept in the tab for a lead sent later (decision 037).
recordFirstTouch();
start();
