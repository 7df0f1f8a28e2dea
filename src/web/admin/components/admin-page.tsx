import type * as React from 'react';
import { AdminHeader, type AdminNavTarget } from './admin-header';

/**
 * The frame of every signed-in admin screen: the document title, the header with the given
 * navigation buttons and Logout, and the page's main area.
 */
export function AdminPage({
  title,
  links,
  children,
}: {
  /** Shown in the browser tab as "<title> · Admin"; leave out when the screen sets its own. */
  title?: string;
  links: AdminNavTarget[];
  children: React.ReactNode;
}) {
  return (
    <>
      {title ? <title>{`${title} · Admin`}</title> : null}
      <AdminHeader links={links} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">{children}</main>
    </>
  );
}
