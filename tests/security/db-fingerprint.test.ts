import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/index.ts';
import { insertContacts, openTestDatabase } from '../api/helpers/test-app.ts';
import { fingerprinter, writeMarker } from './helpers/db-fingerprint.ts';

/**
 * The route fuzzer skips a fingerprint while the write marker stays put, so the marker must move
 * on every kind of row change, committed or rolled back, and stay put on reads.
 */
describe('the write marker of the refusal checks', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let marker: () => Promise<string>;
  beforeAll(async () => {
    database = await openTestDatabase();
    marker = writeMarker(database);
  });
  afterAll(async () => database.close());

  it('stays put on reads and fingerprints, moves on an insert, an update, a delete and a rollback', async () => {
    const fingerprint = await fingerprinter(database);
    const start = await marker();
    await fingerprint();
    await database.db.select().from(contacts);
    // On a shared PostgreSQL server another test's database may write meanwhile: reads are proved
    // on the embedded engine, where this connection is the only one.
    if (!database.url) expect(await marker()).toBe(start);

    const moved = async (what: string, write: () => Promise<unknown>) => {
      const before = await marker();
      await write();
      expect(await marker(), what).not.toBe(before);
    };
    let id = 0;
    await moved('insert', async () => {
      id = (await insertContacts(database.db, 'marker', 1))[0]!;
    });
    await moved('update', () => database.db.update(contacts).set({ notes: 'x' }).where(eq(contacts.id, id)));
    await moved('rolled-back update', () =>
      database.db
        .transaction(async (tx) => {
          await tx.update(contacts).set({ notes: 'y' }).where(eq(contacts.id, id));
          tx.rollback();
        })
        .catch(() => {}),
    );
    await moved('delete', () => database.db.delete(contacts).where(eq(contacts.id, id)));
    await moved('statement that failed after its first row', () =>
      expect(
        database.db.execute(
          sql`insert into contacts (name, email, message) values ('a', 'a@x.co', 'm'), (null, 'b@x.co', 'm')`,
        ),
      ).rejects.toThrow(),
    );
  });
});
