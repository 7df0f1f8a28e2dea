import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../src/server/campaigns/campaign-audience.ts';
import { countSentLast24h } from '../../src/server/mail/mail-usage.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * A campaign's recipient counts are kept with the campaign by statement triggers
 * (migration 0007), and the recipients' former foreign keys are delete triggers. Whatever changes
 * the recipients — insert, claim, send, failure, a status set by hand, a delete — the kept counts
 * must equal an aggregate over the rows.
 */
describe('campaign recipient counters', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let cookie: string;
  beforeAll(async () => {
    smtp = await startSmtp({ rejectRecipient: (a) => a.startsWith('reject') });
    t = await createTestApp(
      { SMTP_URL: smtp.url, SMTP_RATE_LIMIT: '0' },
      { app: { campaignPollMs: 100, mailQueuePollMs: 100 } },
    );
    cookie = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** Kept counts and counts aggregated from the rows, per campaign. */
  async function counts() {
    return resultRows<Record<string, number | string>>(
      await t.database.db.execute(sql`
        select c.id, c.recipient_count as kept_total, c.sent_count as kept_sent,
          c.failed_count as kept_failed, c.pending_count as kept_pending,
          count(r.id) as total,
          count(r.id) filter (where r.status = 'sent') as sent,
          count(r.id) filter (where r.status in ('failed', 'interrupted')) as failed,
          count(r.id) filter (where r.status in ('pending', 'sending')) as pending
        from campaigns c left join campaign_recipients r on r.campaign_id = c.id
        group by c.id order by c.id`),
    ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])));
  }

  async function expectKeptEqualsRows() {
    // The cap's count (kept hourly counts plus its first, partial hour) equals the rows' own.
    for (const now of [
      new Date(),
      new Date(Date.now() + 23.5 * 3600_000),
      new Date(Date.now() + 25 * 3600_000),
    ]) {
      const since = new Date(now.getTime() - 24 * 3600_000).toISOString();
      // The cap also counts the other mail sent meanwhile (the owner's new-device sign-in notice):
      // the rows' own count adds those rows as they are.
      const [raw] = resultRows<{ n: number | string }>(
        await t.database.db.execute(sql`
          select (select count(*) from campaign_recipients where status = 'sent' and sent_at > ${since}::timestamptz)
            + (select count(*) from mail_queue where status = 'sent' and sent_at > ${since}::timestamptz)
            + (select count(*) from contact_messages where sender = 'admin' and campaign_name is null and sent_at > ${since}::timestamptz)
            as n`),
      );
      expect(await countSentLast24h(t.database.db, now)).toBe(Number(raw!.n));
    }
    const rows = await counts();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows)
      expect({
        total: r.kept_total,
        sent: r.kept_sent,
        failed: r.kept_failed,
        pending: r.kept_pending,
      }).toEqual({
        total: r.total,
        sent: r.sent,
        failed: r.failed,
        pending: r.pending,
      });
    return rows;
  }

  it('stay equal to the rows through create, send, failure, hand-set statuses and deletes', async () => {
    const people = resultRows<{ id: number; email: string }>(
      await t.database.db.execute(sql`
        insert into contacts (name, email, message)
        select 'Person ' || n, case when n = 3 then 'reject' else 'p' end || n || '@example.com', 'Hi'
        from generate_series(1, 8) as n
        returning id, email`),
    );
    const ids = people.map((p) => Number(p.id));

    // A draft of everyone subscribed (the audience) and one of three hand-picked contacts.
    const everyone = await call('POST', '/api/admin/campaigns', {
      name: 'Everyone',
      subject: 'Hi {{name}}',
      htmlContent: '<p>Hello {{firstName}}</p>',
      audience: {},
    });
    expect(everyone.statusCode).toBe(201);
    expect(everyone.json().recipientCount).toBe(8);
    const few = await call('POST', '/api/admin/campaigns', {
      name: 'Few',
      subject: 'Hi',
      htmlContent: '<p>Hello</p>',
      recipientIds: ids.slice(0, 3),
    });
    let rows = await expectKeptEqualsRows();
    expect(rows.map((r) => [r.total, r.pending])).toEqual([
      [8, 8],
      [3, 3],
    ]);

    // Sent (one address refused: failed), in the request: the list and the details show it.
    const send = await call('POST', `/api/admin/campaigns/${everyone.json().id}/send`, {
      draftRecipients: true,
    });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toMatchObject({ success: 7, failed: 1, pending: 0 });
    rows = await expectKeptEqualsRows();
    const listed = (await call('GET', '/api/admin/campaigns')).json() as {
      id: number;
      status: string;
      recipientCount: number;
      sentCount: number;
      failedCount: number;
      pendingCount: number;
    }[];
    expect(listed.find((c) => c.id === everyone.json().id)).toMatchObject({
      status: 'sent',
      recipientCount: 8,
      sentCount: 7,
      failedCount: 1,
      pendingCount: 0,
    });
    const details = (await call('GET', `/api/admin/campaigns/${few.json().id}/details?limit=1`)).json();
    expect(details).toMatchObject({ recipientCount: 3, pendingCount: 3, sentCount: 0 });
    expect(details.recipients).toHaveLength(1);

    // Statuses set elsewhere (a bounce, an interruption), across two campaigns in one statement.
    await t.database.db.execute(sql`
      update campaign_recipients set status = case when status = 'sent' then 'bounced' else 'interrupted' end
      where contact_id in (${ids[0]}, ${ids[1]})`);
    rows = await expectKeptEqualsRows();
    expect(rows[0]).toMatchObject({ total: 8, sent: 5, failed: 1 });
    expect(rows[1]).toMatchObject({ total: 3, failed: 2, pending: 1 });

    // Sent times spread over the past day and the next one (kept per UTC hour), then a window
    // starting inside an hour: the cap's count still equals the rows'.
    await t.database.db.execute(sql`
      update campaign_recipients set sent_at = now() - (id % 5) * interval '7 hours 13 minutes' + interval '20 hours'
      where status = 'sent'`);
    rows = await expectKeptEqualsRows();

    // A deleted contact leaves its recipient row for the counts, without the contact and without
    // its copy of the address (erasure, docs/personal-data.md).
    const [recipient] = resultRows<{ id: number }>(
      await t.database.db.execute(sql`select id from campaign_recipients where contact_id = ${ids[4]}`),
    );
    await t.database.db.execute(sql`delete from contacts where id = ${ids[4]}`);
    const orphaned = resultRows<{ contact_id: number | null; email: string | null }>(
      await t.database.db.execute(
        sql`select contact_id, email from campaign_recipients where id = ${recipient!.id}`,
      ),
    );
    expect(orphaned).toEqual([{ contact_id: null, email: null }]);
    await expectKeptEqualsRows();

    // A deleted campaign takes its recipients with it (was ON DELETE CASCADE).
    expect((await call('DELETE', `/api/admin/campaigns/${few.json().id}`)).statusCode).toBe(204);
    const left = resultRows<{ n: number | string }>(
      await t.database.db.execute(
        sql`select count(*) as n from campaign_recipients where campaign_id = ${few.json().id}`,
      ),
    );
    expect(Number(left[0]!.n)).toBe(0);
    rows = await expectKeptEqualsRows();
    expect(rows).toHaveLength(1);
  });
});
