import fs from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { DomainError } from '../domain-error.ts';
import { ERASED_MAIL_ERROR } from '../mail/mail-queue.ts';
import { addressHash } from './address-hash.ts';
import { idRanges, inLanes, overWindows, type Selection, withDeadlockRetry } from './contact-lanes.ts';

/**
 * Erasing contacts (GDPR Art. 17; docs/personal-data.md is the map of what happens where). Not a
 * soft delete: per batch of contacts, in one transaction,
 * - an address on the unsubscribe list is replaced by its keyed hash (address-hash.ts), and a
 *   contact marked unsubscribed without a list row gets one, so the person is never mailed again
 *   if re-added or re-imported;
 * - mail-queue rows about them (their lead notifications, the digests those were folded into, task
 *   reminders linking to them, mail to their address) are cleared, and cancelled when not yet sent;
 * - the contact rows are deleted: messages, tasks and tags go with them (cascade), campaign
 *   recipient rows keep only their status (trigger, migration 0010), a converted client keeps its
 *   record without the link (foreign key `set null`).
 * After each batch commits, outbox `.eml` files naming one of them are deleted. A message being
 * handed over at that moment is written after the clean-up: its sender removes it (mail-queue.ts,
 * campaign-sender.ts).
 */

export interface EraseOptions {
  /** Key of the unsubscribe list's address hashes (address-hash.ts). */
  hashKey: Buffer;
  /** The outbox folder (`DATA_DIR/outbox`), or null when there is none to clean. */
  outboxDir: string | null;
  /** Ids per transaction (default 2,000): a bulk erase holds locks on at most that many contacts at a time. */
  batchSize?: number;
  /**
   * Id ranges erased at once, each on its own connection (contact-lanes.ts; default 1): the route
   * gives `POSTGRES_BULK_LANES` on PostgreSQL, the embedded database has one connection.
   */
  lanes?: number;
  /**
   * Called after each batch that erased someone: the embedded database then scrubs the freed
   * bytes from its files (scrub-erased.ts, decision 061).
   */
  onErased?: () => void;
}

/**
 * Erases contact `id`.
 * @throws DomainError `not-found` when there is no such contact.
 */
export async function eraseContact(db: Db, id: number, options: EraseOptions): Promise<void> {
  const erased = await eraseContacts(db, sql`${contacts.id} = ${id}`, options);
  if (erased === 0) throw new DomainError('not-found', 'Contact not found');
}

/**
 * Erases every contact matching `where` (a condition on `contacts`, or a `Selection` that narrows
 * itself to an id window), one transaction per window of `batchSize` ids, in `options.lanes` id
 * ranges at once (contact-lanes.ts). Two lanes can want the same mail queue or unsubscribe row (a
 * digest naming people of both, a legacy duplicate's address): a window that PostgreSQL picks as
 * a deadlock's victim rolls back whole and runs again.
 * @returns how many contacts were erased.
 */
export async function eraseContacts(db: Db, where: SQL | Selection, options: EraseOptions): Promise<number> {
  const at: Selection = typeof where === 'function' ? where : () => where;
  const outbox = options.outboxDir ? new OutboxIndex(options.outboxDir) : null;
  const ranges = await idRanges(db, at(), options.lanes ?? 1);
  return inLanes(ranges, (range) =>
    overWindows(range, options.batchSize ?? 2000, async (w) => {
      const batch = await withDeadlockRetry(() =>
        db.transaction(async (tx) => {
          const rows = resultRows<{ id: number; email: string; unsubscribed: boolean }>(
            await tx.execute(sql`
              select ${contacts.id} as id, ${contacts.email} as email,
                ${contacts.unsubscribedAt} is not null as unsubscribed
              from ${contacts}
              where ${contacts.id} > ${w.after} and ${contacts.id} <= ${w.last} and (${at(w)})
              order by ${contacts.id} for update`),
          ).map((r) => ({
            id: Number(r.id),
            email: r.email.toLowerCase(),
            unsubscribed: Boolean(r.unsubscribed),
          }));
          if (rows.length > 0) await eraseBatch(tx as unknown as Db, rows, options.hashKey);
          return rows;
        }),
      );
      if (batch.length > 0) {
        options.onErased?.();
        await outbox?.remove(batch);
      }
      return batch.length;
    }),
  );
}

async function eraseBatch(
  tx: Db,
  rows: { id: number; email: string; unsubscribed: boolean }[],
  hashKey: Buffer,
): Promise<void> {
  const ids = JSON.stringify(rows.map((r) => r.id));
  const people = JSON.stringify(
    rows.map((r) => ({ e: r.email, h: addressHash(hashKey, r.email), u: r.unsubscribed })),
  );
  const peopleTable = sql`(select * from json_to_recordset(${people}::json) as p(e text, h text, u boolean))`;
  const idTable = sql`(select value::int as id from json_array_elements_text(${ids}::json))`;

  // The unsubscribe list: the address becomes its hash. An address erased before (re-added,
  // unsubscribed again) already has a hash row: its address row simply goes.
  await tx.execute(sql`
    delete from unsubscribes u using ${peopleTable} p
    where lower(u.email) = p.e and exists (select 1 from unsubscribes x where x.email_hash = p.h)`);
  await tx.execute(sql`
    update unsubscribes u set email = null, email_hash = p.h, contact_id = null
    from ${peopleTable} p where lower(u.email) = p.e`);
  await tx.execute(sql`
    insert into unsubscribes (email_hash) select p.h from ${peopleTable} p where p.u
    on conflict do nothing`);

  // The mail queue: their lead notifications (and digests holding them), task reminders linking
  // to them, mail to or replying to their address. Not yet sent: cancelled.
  await tx.execute(sql`
    update mail_queue q set
      subject = '(erased)', html = '', text = null, reply_to = null,
      digest_entry_html = null, digest_entry_text = null,
      to_address = case when lower(q.to_address) in (select e from ${peopleTable} p) then '' else q.to_address end,
      last_error = case when q.status in ('pending', 'sending', 'failed') then ${ERASED_MAIL_ERROR} end,
      status = case when q.status in ('pending', 'sending', 'failed') then 'failed' else q.status end,
      updated_at = now()
    where q.contact_id in ${idTable}
      or q.id in (select n.digest_id from mail_queue n where n.contact_id in ${idTable} and n.digest_id is not null)
      or lower(q.to_address) in (select e from ${peopleTable} p)
      or lower(q.reply_to->>'address') in (select e from ${peopleTable} p)
      or (q.kind = 'task_reminder' and exists (
        select 1 from regexp_matches(q.html, '/admin/contacts/([0-9]{1,9})(?![0-9])', 'g') as m(link)
        where m.link[1]::int in ${idTable}))`);

  // Webhooks (decision 066): the events about them keep their type and time but lose their data
  // (the delivery log shows it), and deliveries not yet made are cancelled; then each endpoint
  // subscribed to `contact.erased` gets one event carrying the id only.
  await tx.execute(sql`
    update webhook_deliveries set status = 'failed', claimed_until = null,
      last_error = 'Cancelled: the contact was erased.'
    where status in ('pending', 'sending')
      and event_id in (select id from webhook_events where contact_id in ${idTable})`);
  await tx.execute(sql`
    update webhook_events set payload = '{"erased":true}'::jsonb where contact_id in ${idTable}`);
  await tx.execute(sql`
    with targets as (
      select id from webhook_endpoints where enabled and 'contact.erased' = any(events)
    ), event as (
      insert into webhook_events (type, payload)
      select 'contact.erased', jsonb_build_object('id', i.id) from ${idTable} i
      where exists (select 1 from targets)
      returning id
    )
    insert into webhook_deliveries (endpoint_id, event_id) select targets.id, event.id from targets, event`);

  // Push notifications naming them (decision 071), queued or failed: deleted.
  await tx.execute(sql`delete from push_messages where contact_id in ${idTable}`);

  // The contacts: messages, tasks and tags go by cascade; campaign rows are cleared by trigger.
  await tx.execute(sql`delete from ${contacts} where ${contacts.id} in ${idTable}`);
}

/**
 * The outbox's `.eml` files by the addresses (`a:<address>`) and contact links (`i:<id>`) found in
 * them, decoding headers and bodies (quoted-printable, base64, encoded words). Each `remove` first
 * reads the files written since the previous one: a batch committed after a notification about
 * one of its people was written still finds that file. Calls from parallel lanes run one by one.
 */
class OutboxIndex {
  private readonly read = new Set<string>();
  private readonly files = new Map<string, string[]>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly dir: string) {}

  /** Deletes every outbox file naming one of `rows` (by address or contact link). */
  remove(rows: { id: number; email: string }[]): Promise<void> {
    const run = this.queue.then(async () => {
      await this.readNew();
      for (const row of rows) {
        for (const key of [`a:${row.email}`, `i:${row.id}`]) {
          for (const file of this.files.get(key) ?? []) await fs.rm(file, { force: true });
          this.files.delete(key);
        }
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async readNew(): Promise<void> {
    let names: string[];
    try {
      // A `.partial` is a message being written, or one a crash left half-written (outbox-provider.ts).
      names = (await fs.readdir(this.dir)).filter(
        (n) => (n.endsWith('.eml') || n.endsWith('.partial')) && !this.read.has(n),
      );
    } catch {
      return;
    }
    if (names.length === 0) return;
    // Loaded on the first erasure with an outbox: mailparser's 7 MB of heap is not kept idle.
    const { simpleParser } = await import('mailparser');
    for (const name of names) {
      this.read.add(name);
      const file = path.join(this.dir, name);
      let text: string;
      try {
        const mail = await simpleParser(await fs.readFile(file), {
          skipImageLinks: true,
          skipTextLinks: true,
        });
        const headers = [...mail.headers.values()]
          .map((v) => (typeof v === 'object' && v !== null && 'text' in v ? String(v.text) : String(v)))
          .join('\n');
        text = [
          headers,
          mail.subject ?? '',
          mail.text ?? '',
          typeof mail.html === 'string' ? mail.html : '',
        ].join('\n');
      } catch {
        continue;
      }
      const keys = new Set<string>();
      for (const m of text.matchAll(ADDRESS)) keys.add(`a:${m[0].toLowerCase()}`);
      for (const m of text.matchAll(CONTACT_LINK)) keys.add(`i:${Number(m[1])}`);
      for (const key of keys) {
        const files = this.files.get(key);
        if (files) files.push(file);
        else this.files.set(key, [file]);
      }
    }
  }
}

const ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z0-9-]+/gi;
const CONTACT_LINK = /\/admin\/contacts\/(\d{1,9})(?!\d)/g;
