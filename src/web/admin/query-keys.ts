import { urlOf } from '@/web/lib/api-client';

/**
 * Query keys that mutations of several features invalidate (src/web/admin/README.md, Rules):
 * kept here, outside any feature, so a feature that refreshes another's cache (a new tag or task
 * refreshes the contact) does not import that feature, and no two features depend on each other.
 */

/**
 * Path of the contact list (docs/product.md §12.3 `GET /api/admin/contacts`); the first element
 * of its query keys, so invalidating `[CONTACTS_URL]` refreshes every contact list and count.
 */
export const CONTACTS_URL = urlOf('listContacts');

/** Key of one contact's detail query: `['/api/admin/contacts/{id}']`. */
export const contactQueryKey = (id: number) => [urlOf('getContact', { params: { id } })] as const;

/**
 * Path of the follow-up task list (docs/product.md §12.3 `GET /api/admin/tasks`); also the first
 * element of every task-list query key, so invalidating `[TASKS_URL]` refreshes them all.
 */
export const TASKS_URL = urlOf('listContactTasks');
