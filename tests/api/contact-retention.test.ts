import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, contactMessages, contacts, settings } from '../../src/db/schema/index.ts';
import { RetentionWorker } from '../../src/server/contacts/retention.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Retention (RETENTION_MONTHS): inactive contacts that are not clients are erased by the daily
 * run, once across instances; the dashboard's figure counts those due in the next 30 days.
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ RETENTION_MONTHS: '6' });
  // The app's own start-up pass may still be erasing when the rows below go in (PostgreSQL runs
  // it beside the test); stopping the loop waits for that pass, so the test owns every later run.
  await t.app.retention?.stop();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

async function contact(name: string, monthsAgo: number, values: Partial<typeof contacts.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contacts)
    .values({
      name,
      email: `${name.toLowerCase().replace(/\W/g, '')}@retention.example`,
      message: 'Hi',
      ...values,
    })
    .returning();
  await t.database.db.execute(sql`
    update contacts set last_activity_at = now() - make_interval(days => ${Math.round(monthsAgo * 30.5)}),
      updated_at = now() - make_interval(days => ${Math.round(monthsAgo * 30.5)}),
      created_at = now() - make_interval(days => ${Math.round(monthsAgo * 30.5)})
    where id = ${row!.id}`);
  return row!.id;
}

describe('retention', () => {
  it('counts the contacts due in 30 days and erases the inactive non-clients once a day, across instances', async () => {
    const old = await contact('Old Lead', 8);
    const soon = await contact('Soon Lead', 5.6);
    const recent = await contact('Recent Lead', 1);
    const converted = await contact('Converted Lead', 9, { status: 'converted' });
    const client = await contact('Client Source', 9);
    await t.database.db.insert(clients).values({ name: 'Client', fromContactId: client });
    const wrote = await contact('Wrote Lately', 9);
    await t.database.db
      .insert(contactMessages)
      .values({ contactId: wrote, sender: 'contact', content: 'Still here' });

    const due = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/retention',
      headers: { cookie },
    });
    expect(due.json()).toEqual({ months: 6, dueIn30Days: 2 });

    // The start-up pass claimed today already; a new day is claimed by exactly one of two instances.
    await t.database.db.delete(settings).where(eq(settings.key, 'retention-day'));
    const options = {
      db: t.database.db,
      log: t.app.log,
      months: 6,
      erase: { hashKey: t.app.addressHashKey, outboxDir: null },
    };
    const results = await Promise.all([
      new RetentionWorker(options).runOnce(),
      new RetentionWorker(options).runOnce(),
    ]);
    expect(results.sort()).toEqual([1, null]);
    const left = await t.database.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(inArray(contacts.id, [old, soon, recent, converted, client, wrote]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([soon, recent, converted, client, wrote]);
    expect(await new RetentionWorker(options).runOnce()).toBeNull();
  });

  it('is off by default', async () => {
    const off = await createTestApp();
    try {
      const c = await signIn(off.app);
      const res = await off.app.inject({
        method: 'GET',
        url: '/api/admin/contacts/retention',
        headers: { cookie: c },
      });
      expect(res.json()).toEqual({ months: null, dueIn30Days: null });
      expect(off.app.retention).toBeNull();
    } finally {
      await off.close();
    }
  });
});
