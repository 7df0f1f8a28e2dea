import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { ParsedContactBulk } from '../../shared/contact-bulk.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { notFound } from '../domain-error.ts';
import { type IdRange, idRanges, inLanes, overWindows, type Selection } from './contact-lanes.ts';
import { type EraseOptions, eraseContacts } from './erase-contacts.ts';
import { contactFilters } from './list-contacts.ts';

/** A JSON list of ids as an int[] the planner compares through the primary key. */
const idArray = (ids: readonly number[]) =>
  sql`array(select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * The selection as a condition on `contacts`: ticked ids, or the list's filter less the unticked;
 * `within` narrows the search to a bulk change's id window (contact-lanes.ts).
 */
export function selectionCondition(selection: ParsedContactBulk['selection'], within?: IdRange): SQL {
  if ('ids' in selection) return sql`${contacts.id} = any(${idArray(selection.ids)})`;
  const parts = contactFilters(selection.filter, within);
  if (selection.exceptIds.length > 0)
    parts.push(sql`not (${contacts.id} = any(${idArray(selection.exceptIds)}))`);
  return and(sql`true`, ...parts) as SQL;
}

/** Affected rows of `db.execute` on either driver. */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** What a bulk action needs: erasure's options, and the id window of a status-change statement. */
export interface BulkOptions extends EraseOptions {
  /** Ids per statement of a status change (default 10,000): at most that many contacts change. */
  statusBatchSize?: number;
}

/**
 * A bulk action on the contact list: set the status (`lost` with its reason; one statement per window of
 * `statusBatchSize` ids, in `options.lanes` id ranges at once: contact-lanes.ts), add or remove a
 * tag (one statement each, whatever the number of contacts), or erase (erase-contacts.ts, one
 * transaction per id window, in lanes too). Nothing passes through the browser but the filter or the
 * ticked ids. Each batch commits on its own: a change stopped half-way (the database went away)
 * leaves every contact either changed or not, never half-written.
 * @returns how many contacts changed. @throws DomainError `not-found` for an unknown tag.
 */
export async function bulkUpdateContacts(
  db: Db,
  { selection, action }: ParsedContactBulk,
  options: BulkOptions,
): Promise<number> {
  const where: Selection = (within) => selectionCondition(selection, within);
  switch (action.type) {
    case 'setStatus': {
      const ranges = await idRanges(db, where(), options.lanes ?? 1);
      return inLanes(ranges, (range) =>
        overWindows(range, options.statusBatchSize ?? 10_000, async (w) =>
          rowCount(
            await db.execute(sql`
              update ${contacts} set status = ${action.status}, updated_at = now(),
                lost_reason = ${action.lostReason ?? null}, lost_reason_text = ${action.lostReasonText || null}
              where ${contacts.id} > ${w.after} and ${contacts.id} <= ${w.last} and (${where(w)})
                and ${contacts.status} <> ${action.status}`),
          ),
        ),
      );
    }
    case 'addTag':
    case 'removeTag': {
      const [tag] = resultRows<{ id: number }>(
        await db.execute(sql`select id from tags where id = ${action.tagId}`),
      );
      if (!tag) throw notFound('Tag');
      if (action.type === 'addTag') {
        return rowCount(
          await db.execute(sql`
            insert into contact_tags (contact_id, tag_id)
            select ${contacts.id}, ${action.tagId} from ${contacts} where ${where()}
            on conflict do nothing`),
        );
      }
      return rowCount(
        await db.execute(sql`
          delete from contact_tags ct using ${contacts}
          where ct.contact_id = ${contacts.id} and ct.tag_id = ${action.tagId} and ${where()}`),
      );
    }
    case 'delete':
      return eraseContacts(db, where, options);
  }
}
