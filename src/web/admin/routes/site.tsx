import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { useSiteState } from '../features/site/api';
import { SiteEditor } from '../features/site/site-editor';

/**
 * /admin/site (docs/product.md 'Editing the site', decision 069): the owner edits the public
 * landing's content document, previews the draft, publishes it and restores older versions.
 */
export function SiteRoute() {
  const state = useSiteState();
  return (
    <AdminPage title="Site" links={['dashboard', 'contacts']}>
      <h1 className="text-3xl font-bold tracking-tight">Site</h1>
      <p className="mt-2 text-muted-foreground">
        The public landing's texts, cards, projects and testimonials. Changes are saved as a draft; visitors
        see them once you publish.
      </p>
      {state.isPending ? (
        <InlineLoading className="py-16" />
      ) : state.isError ? (
        <InlineError error={state.error} fallback="Failed to load the site content." className="py-16" />
      ) : (
        <SiteEditor initial={state.data} />
      )}
    </AdminPage>
  );
}
