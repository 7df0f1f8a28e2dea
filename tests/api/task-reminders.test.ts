import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import {
  clients,
  clientTasks,
  contacts,
  contactTasks,
  mailQueue,
  taskReminders,
} from '../../src/db/schema/index.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { remainingToday } from '../../src/server/mail/mail-usage.ts';
import { REMINDER_MAX_TASKS } from '../../src/server/tasks/task-reminders.ts';
import { freshPostgresDatabase } from './helpers/postgres-database.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { openTestDatabase, signIn, usingPostgres } from './helpers/test-app.ts';

/**
 * The morning task reminder (decision 025): sent once per local day across instances sharing one
 * database, at REMINDER_HOUR in TZ (across a DST change), nothing on a day with nothing due,
 * counted against the daily cap, hostile titles escaped. Real SMTP server, real database
 * (PostgreSQL with TEST_DATABASE_URL: two instances with their own connection pools), a moved
 * clock, and one case on the real clock.
 */

const BASE_URL = 'https://agency.example';
const ONE_HOUR = 3_600_000;

interface Instances {
  apps: App[];
  db: Database['db'];
  smtp: TestSmtp;
  setClock(iso: string | number): void;
  clock(): Date;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * A fresh database and `count` app instances on it. On PostgreSQL each instance opens its own
 * pool to the test's own database (created here as test-app.ts does, dropped at the end); PGlite
 * has one process, so the instances share its connection.
 */
async function startInstances(
  count: number,
  env: Record<string, string> = {},
  options: {
    realClock?: boolean;
    reminderPollMs?: number;
    /** Runs on the migrated database before any instance starts (and runs its start-up pass). */
    before?: (db: Database['db']) => Promise<void>;
  } = {},
): Promise<Instances> {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  // Before REMINDER_HOUR: the poller's first pass at start-up must not claim the day.
  let now = Date.parse('2027-03-27T05:00:00Z');
  const databases: Database[] = [];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const scratch = await freshPostgresDatabase(serverUrl);
    cleanups.push(scratch.drop);
    for (let i = 0; i < count; i++) {
      databases.push(await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 }));
    }
  } else {
    const shared = await openTestDatabase();
    cleanups.push(() => shared.close());
    // Closed once, after every app.
    for (let i = 0; i < count; i++) databases.push({ ...shared, close: async () => {} });
  }
  await options.before?.(databases[0]!.db);
  const apps: App[] = [];
  for (const database of databases) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-reminders-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'owner@example.com',
      APP_URL: BASE_URL,
      TZ: 'Europe/Berlin',
      REMINDER_HOUR: '8',
      ...env,
    });
    const app = await buildApp({
      config,
      database,
      pages: null,
      mailQueuePollMs: 100,
      // Moved-clock cases call runOnce() themselves, side by side; the pollers stay out of the way.
      reminderPollMs: options.reminderPollMs ?? ONE_HOUR,
      ...(options.realClock ? {} : { now: () => new Date(now) }),
    });
    await app.ready();
    // The poller's start-up pass runs at the clock of now; a test that moves the clock after this
    // must not race it (it once claimed the day the test meant to claim by hand).
    if (!options.realClock) await app.reminders?.idle();
    cleanups.push(async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    apps.push(app);
  }
  return {
    apps,
    db: databases[0]!.db,
    smtp,
    setClock: (v) => {
      now = typeof v === 'number' ? v : Date.parse(v);
    },
    clock: () => new Date(now),
  };
}

async function addContactTask(
  db: Database['db'],
  task: { title: string; dueAt: Date | null; status?: 'pending' | 'completed'; name?: string },
) {
  const [contact] = await db
    .insert(contacts)
    .values({
      name: task.name ?? 'Olivia Bennett',
      email: `${randomBytes(4).toString('hex')}@example.com`,
      message: 'Hello',
    })
    .returning();
  await db.insert(contactTasks).values({
    contactId: contact!.id,
    title: task.title,
    dueAt: task.dueAt,
    status: task.status ?? 'pending',
    completedAt: task.status === 'completed' ? new Date() : null,
  });
  return contact!.id;
}

async function addClientTask(
  db: Database['db'],
  task: { title: string; dueAt: Date | null; status?: 'working' | 'done'; name?: string },
) {
  const [client] = await db
    .insert(clients)
    .values({ name: task.name ?? 'Harbor Bakery' })
    .returning();
  await db.insert(clientTasks).values({
    clientId: client!.id,
    title: task.title,
    dueAt: task.dueAt,
    status: task.status ?? 'working',
  });
  return client!.id;
}

const settle = (ms = 1200) => new Promise((r) => setTimeout(r, ms));
/**
 * Runs every instance's mail queue until nothing is due: whatever the reminders queued is sent
 * (or, at the cap, left pending) before the assertions, without waiting a fixed time.
 */
const drainMail = (apps: App[]) => Promise.all(apps.map((app) => app.mailQueue.runOnce()));
const reminderRows = (db: Database['db']) =>
  db.select().from(mailQueue).where(eq(mailQueue.kind, 'task_reminder'));
/**
 * Waits until the queue marked every reminder sent. The clock must not jump hours ahead while a
 * send is still `sending`: the queue takes such a row for one a dead process left (10 minutes)
 * and sends it again, which is its at-least-once design (decision 010), not the reminder's.
 */
async function untilSent(db: Database['db']) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const rows = await reminderRows(db);
    if (rows.length > 0 && rows.every((r) => r.status === 'sent')) return;
    await settle(100);
  }
  throw new Error('the reminder was not marked sent within 30 s');
}

describe('client task due dates', { timeout: 180_000 }, () => {
  it('are optional, validated, stored and returned', async () => {
    const { apps } = await startInstances(1);
    const app = apps[0]!;
    const cookie = await signIn(app);
    const headers = { cookie };
    const client = await app.inject({
      method: 'POST',
      url: '/api/admin/clients',
      headers,
      payload: { name: 'Harbor Bakery' },
    });
    expect(client.statusCode).toBe(201);
    const id = client.json().id;
    const due = '2027-03-28T21:59:59.999Z';
    const withDue = await app.inject({
      method: 'POST',
      url: `/api/admin/clients/${id}/tasks`,
      headers,
      payload: { title: 'Send the invoice', dueAt: due },
    });
    expect(withDue.statusCode).toBe(201);
    expect(withDue.json().dueAt).toBe(due);
    const without = await app.inject({
      method: 'POST',
      url: `/api/admin/clients/${id}/tasks`,
      headers,
      payload: { title: 'No date' },
    });
    expect(without.json().dueAt).toBeNull();
    for (const bad of ['tomorrow', '2027-03-28', '+010000-01-01T00:00:00Z', 12]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/clients/${id}/tasks`,
        headers,
        payload: { title: 'Bad date', dueAt: bad },
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toMatch(/Due date/);
    }
    const list = await app.inject({ method: 'GET', url: `/api/admin/clients/${id}/tasks`, headers });
    expect(list.json().map((t: { dueAt: string | null }) => t.dueAt)).toEqual([due, null]);
  });
});

describe('the morning reminder', { timeout: 180_000 }, () => {
  it('is sent once across two instances, at REMINDER_HOUR in TZ across a DST change, with links', async () => {
    const { apps, db, smtp, setClock } = await startInstances(2);
    // 2027-03-28: Berlin moves from +01:00 to +02:00 at 02:00, so 08:00 local is 06:00Z.
    const overdueContact = await addContactTask(db, {
      title: 'Call back about the quote',
      dueAt: new Date('2027-03-26T22:59:59.999Z'),
      name: 'Olivia Bennett',
    });
    const todayContact = await addContactTask(db, {
      title: 'Send the proposal',
      dueAt: new Date('2027-03-28T21:59:59.999Z'),
      name: 'Noah Fischer',
    });
    const todayClient = await addClientTask(db, {
      title: 'Deploy the shop',
      dueAt: new Date('2027-03-28T21:59:59.999Z'),
      name: 'Harbor Bakery',
    });
    await addContactTask(db, {
      title: 'Already completed',
      dueAt: new Date('2027-03-20T00:00:00Z'),
      status: 'completed',
    });
    await addClientTask(db, {
      title: 'Already done',
      dueAt: new Date('2027-03-20T00:00:00Z'),
      status: 'done',
    });
    await addContactTask(db, { title: 'Due tomorrow', dueAt: new Date('2027-03-29T21:59:59.999Z') });
    await addClientTask(db, { title: 'No due date', dueAt: null });

    const runAll = () =>
      Promise.all(apps.flatMap((app) => Array.from({ length: 5 }, () => app.reminders!.runOnce())));

    setClock('2027-03-28T05:59:00Z'); // 07:59 in Berlin
    expect(new Set(await runAll())).toEqual(new Set(['before-hour']));
    expect(await db.select().from(taskReminders)).toEqual([]);

    setClock('2027-03-28T06:00:00Z'); // 08:00 in Berlin (CEST)
    const outcomes = await runAll();
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'queued')).toEqual(Array(9).fill('done'));
    await smtp.waitFor(1);
    await untilSent(db);
    setClock('2027-03-28T10:00:00Z');
    await runAll();
    await drainMail(apps);
    expect(smtp.messages).toHaveLength(1);
    expect(await reminderRows(db)).toHaveLength(1);
    const [day] = await db.select().from(taskReminders);
    expect(day).toMatchObject({ localDate: '2027-03-28', timeZone: 'Europe/Berlin', dueCount: 3 });

    const message = smtp.messages[0]!;
    expect(message.envelopeTo).toEqual(['owner@example.com']);
    const mail = await message.parsed();
    expect(mail.subject).toBe('Follow-ups for Sun, Mar 28: 1 overdue, 2 due today');
    const text = mail.text ?? '';
    const contactLink = (id: number) => `${BASE_URL}/admin/contacts/${id}`;
    const clientLink = `${BASE_URL}/admin/clients#client-${todayClient}`;
    for (const link of [contactLink(overdueContact), contactLink(todayContact), clientLink]) {
      expect(text).toContain(`\n  ${link}\n`);
      expect(mail.html).toContain(`href="${link}"`);
    }
    // Overdue first, under its own heading, then today's.
    expect(text.indexOf('Overdue\n')).toBeLessThan(text.indexOf('Call back about the quote'));
    expect(text.indexOf('Call back about the quote')).toBeLessThan(text.indexOf('Due today\n'));
    expect(text.indexOf('Due today\n')).toBeLessThan(text.indexOf('Send the proposal'));
    expect(text).toContain('Overdue, due Mar 26, 2027 · Contact: Olivia Bennett');
    expect(text).toContain('Due Mar 28, 2027 · Client: Harbor Bakery');
    for (const absent of ['Already completed', 'Already done', 'Due tomorrow', 'No due date']) {
      expect(text).not.toContain(absent);
      expect(mail.html).not.toContain(absent);
    }

    // The next morning: one more (the tasks are still open, and one more is due).
    setClock('2027-03-29T06:30:00Z');
    expect((await runAll()).filter((o) => o === 'queued')).toHaveLength(1);
    await smtp.waitFor(2);
    await drainMail(apps);
    expect(smtp.messages).toHaveLength(2);
    expect((await smtp.messages[1]!.parsed()).subject).toBe(
      'Follow-ups for Mon, Mar 29: 3 overdue, 1 due today',
    );
  });

  it('sends nothing on a day with nothing due, and does not try again that day', async () => {
    const { apps, db, smtp, setClock } = await startInstances(2);
    await addContactTask(db, { title: 'Due tomorrow', dueAt: new Date('2027-03-29T21:59:59.999Z') });
    await addClientTask(db, { title: 'Done', dueAt: new Date('2027-03-01T00:00:00Z'), status: 'done' });
    setClock('2027-03-28T07:00:00Z');
    const outcomes = await Promise.all(apps.map((app) => app.reminders!.runOnce()));
    expect(outcomes.sort()).toEqual(['done', 'nothing-due']);
    // A task added later that day waits for tomorrow's reminder.
    await addContactTask(db, { title: 'Added at nine', dueAt: new Date('2027-03-28T21:59:59.999Z') });
    setClock('2027-03-28T09:00:00Z');
    expect(await apps[0]!.reminders!.runOnce()).toBe('done');
    await drainMail(apps);
    expect(smtp.messages).toHaveLength(0);
    expect(await reminderRows(db)).toHaveLength(0);
    expect(await db.select().from(taskReminders)).toMatchObject([
      { localDate: '2027-03-28', dueCount: 0, mailQueueId: null },
    ]);
  });

  it('escapes hostile titles and names in the HTML and the text part', async () => {
    const { apps, db, smtp, setClock } = await startInstances(1);
    const longWord = 'W'.repeat(5000);
    const due = new Date('2027-03-27T21:59:59.999Z');
    const hostile = [
      '<script>alert(1)</script><img src=x onerror=alert(2)>',
      '"><a href="javascript:alert(3)">click</a>',
      '🎉🚀 Launch party 👩🏽‍💻',
      'مرحبا بالعالم — שלום עולם',
      longWord,
      'first line\nsecond line\u0007\u202e',
    ];
    for (const title of hostile)
      await addContactTask(db, { title, dueAt: due, name: '<b>Eve</b> & "Mallory"' });
    await addClientTask(db, { title: 'Client <u>task</u>', dueAt: due, name: 'ACME <i>Ltd</i>' });
    setClock('2027-03-27T08:00:00Z');
    expect(await apps[0]!.reminders!.runOnce()).toBe('queued');
    await smtp.waitFor(1);
    const mail = await smtp.messages[0]!.parsed();
    const html = mail.html ?? '';
    const text = mail.text ?? '';
    expect(html).not.toMatch(/<script|<img|<a href="javascript|<b>Eve|<u>task|<i>Ltd/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('&quot;&gt;&lt;a href=&quot;javascript:alert(3)&quot;&gt;click&lt;/a&gt;');
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;Mallory&quot;');
    expect(html).toContain('<bdi>مرحبا بالعالم — שלום עולם</bdi>');
    expect(html).toContain('🎉🚀 Launch party 👩🏽‍💻');
    // The text part keeps titles as written (text is not HTML), one per line, each with its link.
    expect(text).toContain('- <script>alert(1)</script><img src=x onerror=alert(2)>\n');
    expect(text).toContain('- مرحبا بالعالم — שלום עולם\n');
    expect(text).toContain('- first line second line\n');
    expect(text).not.toContain('\u202e');
    expect(text).not.toContain('\u0007');
    // A 5,000-character word (only the database can hold one; the API allows 200) is cut at 500.
    expect(text).toContain(`- ${'W'.repeat(499)}…\n`);
    expect(text).not.toContain('W'.repeat(500));
    expect(html).toContain(`${'W'.repeat(499)}…`);
    expect(html).toContain('overflow-wrap:anywhere');
    expect(text).toContain('Contact: <b>Eve</b> & "Mallory"');
    expect(text).toContain('Client: ACME <i>Ltd</i>');
  });

  it('counts against the daily cap, and waits at the cap instead of being lost', async () => {
    const { apps, db, smtp, setClock, clock } = await startInstances(1, { MAIL_DAILY_LIMIT: '1' });
    setClock('2027-03-27T07:30:00Z');
    // One email already sent an hour ago fills the cap of 1.
    await db.insert(mailQueue).values({
      kind: 'contact_email',
      toAddress: 'someone@example.com',
      subject: 'Earlier',
      html: '<p>Earlier</p>',
      status: 'sent',
      sentAt: new Date(clock().getTime() - ONE_HOUR),
    });
    await addContactTask(db, { title: 'Follow up', dueAt: new Date('2027-03-27T21:59:59.999Z') });
    expect(await apps[0]!.reminders!.runOnce()).toBe('queued');
    await drainMail(apps);
    expect(smtp.messages).toHaveLength(0);
    expect(await reminderRows(db)).toMatchObject([{ status: 'pending' }]);

    // The earlier email leaves the rolling 24 hours: the reminder goes out, and takes the slot.
    setClock(clock().getTime() + 23 * ONE_HOUR + 60_000);
    await smtp.waitFor(1);
    await untilSent(db);
    expect(await reminderRows(db)).toMatchObject([{ status: 'sent' }]);
    expect(await remainingToday(db, 1, clock())).toBe(0);
    expect((await smtp.messages[0]!.parsed()).subject).toMatch(/^Follow-ups for Sat, Mar 27: 1 due today$/);
  });

  it('goes out on the real clock from the poller, once', async () => {
    // The task exists before the instances start: their start-up passes (two on PostgreSQL, each
    // with its own pool) race for the day, and the one that claims it lists the task.
    const { smtp, db } = await startInstances(
      usingPostgres ? 2 : 1,
      { TZ: 'UTC', REMINDER_HOUR: '0' },
      {
        realClock: true,
        reminderPollMs: 100,
        before: (db) =>
          addContactTask(db, { title: 'Past due', dueAt: new Date(Date.now() - ONE_HOUR) }).then(() => {}),
      },
    );
    await smtp.waitFor(1, 15_000);
    await settle();
    expect(smtp.messages).toHaveLength(1);
    expect((await smtp.messages[0]!.parsed()).text).toContain('- Past due\n');
    expect(await db.select().from(taskReminders)).toMatchObject([{ dueCount: 1 }]);
  });

  it(`lists at most ${REMINDER_MAX_TASKS} tasks of a kind and counts the rest`, async () => {
    const { apps, db, smtp, setClock } = await startInstances(1);
    const due = new Date('2027-03-27T10:00:00Z');
    const contactId = await addContactTask(db, { title: 'Task 0000', dueAt: due });
    await db.insert(contactTasks).values(
      Array.from({ length: REMINDER_MAX_TASKS + 1 }, (_, i) => ({
        contactId,
        title: `Task ${String(i + 1).padStart(4, '0')}`,
        dueAt: new Date(due.getTime() + (i + 1) * 1000),
      })),
    );
    await addClientTask(db, { title: 'Client task', dueAt: due });
    setClock('2027-03-27T08:00:00Z');
    expect(await apps[0]!.reminders!.runOnce()).toBe('queued');
    await smtp.waitFor(1);
    const mail = await smtp.messages[0]!.parsed();
    expect(mail.subject).toBe('Follow-ups for Sat, Mar 27: 501 due today and more');
    expect(mail.text).toContain('- Task 0000\n');
    expect(mail.text).toContain(`- Task ${String(REMINDER_MAX_TASKS - 1).padStart(4, '0')}\n`);
    expect(mail.text).not.toContain(`- Task ${String(REMINDER_MAX_TASKS).padStart(4, '0')}\n`);
    expect(mail.text).toContain('- Client task\n');
    expect(mail.text).toContain('…and 2 more due: see the admin.');
    expect(await db.select().from(taskReminders)).toMatchObject([{ dueCount: REMINDER_MAX_TASKS + 3 }]);
  });
});

describe('reminder settings', () => {
  const base = { NODE_ENV: 'test' };
  const issues = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).issues;
    }
  };

  it('default to 08:00 in the machine zone, and REMINDER_HOUR=off turns them off', () => {
    const config = loadConfig(base);
    expect(config.reminders.hour).toBe(8);
    expect(config.reminders.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(loadConfig({ ...base, REMINDER_HOUR: 'off' }).reminders.hour).toBeNull();
    expect(loadConfig({ ...base, REMINDER_HOUR: '0', TZ: 'America/New_York' }).reminders).toEqual({
      hour: 0,
      timeZone: 'America/New_York',
    });
  });

  it('refuse an hour outside 0–23 or an unknown zone, naming the key', () => {
    for (const hour of ['24', '-1', '8.5', 'eight', '1e1']) {
      expect(issues({ REMINDER_HOUR: hour }), hour).toEqual([
        'REMINDER_HOUR: must be an hour from 0 to 23, or off',
      ]);
    }
    for (const zone of ['Mars/Olympus', 'Europe/Berlin\u0000', 'CEST+1']) {
      expect(issues({ TZ: zone }), zone).toEqual([
        'TZ: must be an IANA time zone such as Europe/Berlin or UTC',
      ]);
    }
    expect(() => loadConfig({ ...base, TZ: 'Mars/Olympus' })).toThrow(ConfigError);
  });
});
