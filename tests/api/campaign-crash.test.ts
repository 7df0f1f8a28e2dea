import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedContacts } from '../../scripts/seed-contacts.ts';
import { SEND_GROUP } from '../../src/server/campaigns/campaign-sender.ts';
import { freshPostgresDatabase } from './helpers/postgres-database.ts';
import { killAllServers, type ServerProcess, signInTo, startServer } from './helpers/server-process.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';

/**
 * Campaign sending against real processes: a SIGKILL in the middle of a send (on the embedded
 * database and on PostgreSQL), and two instances on one PostgreSQL. The SMTP server answers each
 * message after a short delay, so a send of a few hundred recipients takes long enough to be
 * interrupted. After the restart every recipient must have the campaign exactly once, except the
 * few whose end of DATA reached the server without its answer being recorded: those stay
 * `interrupted` (received once or not at all), and 'Resend to N interrupted' sends each of them
 * once, never a second time (docs/decisions/044).
 */

const SUBJECT = 'Crash-safe campaign';
const dirs: string[] = [];
afterAll(() => {
  killAllServers();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * The SMTP server as a real MTA sees it: a message counts as received once its DATA ended with
 * the final dot, and only then (it is then on the way to the recipient even if the connection
 * drops before the 250 goes out). smtp-server 3.21 emits the data stream's 'end' only at that
 * dot; a connection that drops mid-DATA destroys the stream instead ('close' without 'end',
 * smtp-connection.js `_onClose`), and the first test below checks that this sink does not count
 * such a message. The answer comes `delayMs` after the dot, so a kill can fall between the two.
 */
function slowSmtp(delayMs: number) {
  return startSmtp({
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let dataEnded = false;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', () => {});
      stream.on('end', () => {
        dataEnded = true;
        // Only the campaign's messages count: the owner's own notices go through the same server.
        if (Buffer.concat(chunks).toString('latin1').includes(`Subject: ${SUBJECT}`)) {
          received.get(currentSmtp!)!.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        }
        setTimeout(callback, delayMs);
      });
      stream.on('close', () => {
        if (!dataEnded) dropped.set(currentSmtp!, (dropped.get(currentSmtp!) ?? 0) + 1);
      });
    },
  });
}
/** Messages whose connection dropped before their DATA ended, per server (never delivered). */
const dropped = new Map<TestSmtp, number>();
const received = new Map<TestSmtp, string[]>();
let currentSmtp: TestSmtp | undefined;

async function api(server: ServerProcess, cookie: string, method: string, url: string, body?: object) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown> & { [k: string]: unknown },
  };
}

async function startCampaign(server: ServerProcess) {
  const cookie = await signInTo(server.url);
  // Every contact, a page of 200 at a time (the list never answers the whole table; decision 026).
  const contacts: { id: number }[] = [];
  for (let cursor = ''; ; ) {
    const res = await fetch(
      `${server.url}/api/admin/contacts?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      {
        headers: { cookie },
      },
    );
    contacts.push(...((await res.json()) as { id: number }[]));
    cursor = res.headers.get('x-next-cursor') ?? '';
    if (!cursor) break;
  }
  const campaign = (
    await api(server, cookie, 'POST', '/api/admin/campaigns', {
      name: 'Crash test',
      subject: SUBJECT,
      htmlContent: '<p>Hello {{name}}</p>',
    })
  ).json as { id: number };
  const send = await api(server, cookie, 'POST', `/api/admin/campaigns/${campaign.id}/send`, {
    recipientIds: contacts.map((c) => c.id),
  });
  expect(send.status).toBe(202);
  return { campaignId: campaign.id, total: contacts.length };
}

async function waitUntilDone(server: ServerProcess, campaignId: number, timeoutMs: number) {
  const cookie = await signInTo(server.url);
  const until = Date.now() + timeoutMs;
  type Details = {
    status: string;
    recipients: { status: string; contact: { email: string } }[];
    recipientsNextCursor: string | null;
    interruptedToResend: number;
  };
  for (;;) {
    const details = (await api(server, cookie, 'GET', `/api/admin/campaigns/${campaignId}/details?limit=200`))
      .json as Details;
    if (details.status === 'sent') {
      // The recipients come a page at a time (decision 029): collect them all.
      for (let page = details; page.recipientsNextCursor; ) {
        page = (
          await api(
            server,
            cookie,
            'GET',
            `/api/admin/campaigns/${campaignId}/details?limit=200&cursor=${page.recipientsNextCursor}`,
          )
        ).json as Details;
        details.recipients.push(...page.recipients);
      }
      return details;
    }
    if (Date.now() > until) throw new Error(`campaign not done: ${JSON.stringify(details.status)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const counts = (addresses: string[]) => {
  const map = new Map<string, number>();
  for (const a of addresses) map.set(a, (map.get(a) ?? 0) + 1);
  return map;
};

/** Writes raw SMTP lines on a fresh connection, waiting for each reply; resolves with the socket. */
async function rawSmtp(port: number, lines: string[]) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  socket.on('data', (c) => {
    buffer += c.toString();
  });
  const replies = async (n: number) => {
    const until = Date.now() + 5000;
    while (buffer.split('\r\n').filter((l) => /^\d{3} /.test(l)).length < n) {
      if (Date.now() > until) throw new Error(`no reply: ${buffer}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await replies(1);
  let expected = 1;
  for (const line of lines) {
    socket.write(`${line}\r\n`);
    if (!line.startsWith('Subject') && !line.startsWith('From') && line !== '' && line !== 'body') {
      expected++;
      await replies(expected);
    }
  }
  return socket;
}

/** Every recipient of the campaign after a kill and a restart, and what the SMTP server got. */
async function checkAfterRestart(server: ServerProcess, smtp: TestSmtp, campaignId: number, total: number) {
  const details = await waitUntilDone(server, campaignId, 120_000);
  const got = received.get(smtp)!;
  const perAddress = counts(got);
  // Nobody got it twice; everybody got it once except interrupted ones, which got it once or not.
  expect(Math.max(...perAddress.values())).toBe(1);
  const statuses = counts(details.recipients.map((r) => r.status));
  expect(
    [...statuses.keys()].every((s) => ['sent', 'interrupted'].includes(s)),
    JSON.stringify([...statuses]),
  ).toBe(true);
  for (const r of details.recipients) {
    if (r.status === 'sent') expect(perAddress.get(r.contact.email), r.contact.email).toBe(1);
  }
  const interrupted = details.recipients.filter((r) => r.status === 'interrupted');
  // Only rows whose end of DATA went out without a recorded answer are left: at most one group.
  expect(interrupted.length).toBeLessThanOrEqual(SEND_GROUP);
  expect((statuses.get('sent') ?? 0) + interrupted.length).toBe(total);
  expect(perAddress.size).toBeGreaterThanOrEqual(total - interrupted.length);
  expect(details.interruptedToResend).toBe(interrupted.length);
  return { details, interrupted: interrupted.map((r) => r.contact.email) };
}

/** 'Resend to N interrupted' through the API: each once, then never again. */
async function resendInterruptedOnce(
  server: ServerProcess,
  smtp: TestSmtp,
  campaignId: number,
  emails: string[],
) {
  const cookie = await signInTo(server.url);
  const got = received.get(smtp)!;
  const before = got.length;
  const url = `/api/admin/campaigns/${campaignId}/resend-interrupted`;
  if (emails.length > 0) {
    const wrong = await api(server, cookie, 'POST', url, { count: emails.length + 1 });
    expect(wrong.status).toBe(409);
    expect(got.length).toBe(before);
    const res = await api(server, cookie, 'POST', url, { count: emails.length });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: emails.length, failed: 0, pending: 0 });
    expect(got.slice(before).sort()).toEqual([...emails].sort());
  }
  // The second click: nothing left to resend, nothing sent.
  const again = await api(server, cookie, 'POST', url, { count: Math.max(1, emails.length) });
  expect(again.status).toBe(409);
  expect(again.json.error).toMatch(/No interrupted recipients/);
  const details = (await api(server, cookie, 'GET', `/api/admin/campaigns/${campaignId}/details?limit=1`))
    .json;
  expect(details.interruptedToResend).toBe(0);
  await new Promise((r) => setTimeout(r, 300));
  expect(got.length).toBe(before + emails.length);
}

/** Waits until the SMTP server has `n` campaign messages, then SIGKILLs the server. */
async function killAfter(server: ServerProcess, smtp: TestSmtp, n: number) {
  const got = received.get(smtp)!;
  const until = Date.now() + 60_000;
  while (got.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  server.child.kill('SIGKILL');
  await server.exited;
  return got.length;
}

/**
 * Runs `work` on a new PostgreSQL database (at TEST_DATABASE_URL) holding 300 subscribed contacts,
 * with a slow SMTP server (`delayMs` per message) recording what it receives; drops both after.
 */
async function onScratchDatabase(delayMs: number, work: (url: URL, smtp: TestSmtp) => Promise<void>) {
  const scratch = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
  const url = new URL(scratch.url);
  const smtp = await slowSmtp(delayMs);
  currentSmtp = smtp;
  received.set(smtp, []);
  try {
    await seedContacts(300, { databaseUrl: url.toString() });
    await work(url, smtp);
  } finally {
    await smtp.close();
    await scratch.drop();
  }
}

describe('campaign sending under process failure', { timeout: 240_000 }, () => {
  it('the test SMTP server counts a message only when its DATA ended with the dot', async () => {
    const smtp = await slowSmtp(0);
    currentSmtp = smtp;
    received.set(smtp, []);
    try {
      const head = [
        'EHLO test',
        'MAIL FROM:<a@b.test>',
        'RCPT TO:<x@y.test>',
        'DATA',
        `Subject: ${SUBJECT}`,
        '',
        'body',
      ];
      // Connection dropped before the dot: discarded, as a real MTA does.
      const cut = await rawSmtp(smtp.port, head);
      cut.destroy();
      await new Promise((r) => setTimeout(r, 300));
      expect(received.get(smtp)).toEqual([]);
      expect(dropped.get(smtp)).toBe(1);
      // The same message ended with the dot: received, even though nobody waits for the 250.
      const whole = await rawSmtp(smtp.port, head);
      whole.write('.\r\n');
      await new Promise((r) => setTimeout(r, 300));
      whole.destroy();
      expect(received.get(smtp)).toEqual(['x@y.test']);
    } finally {
      await smtp.close();
    }
  });

  // The embedded-database case; the PostgreSQL pass runs the next two.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'SIGKILL mid-send of 500 (embedded database): after restart everybody has it once, but for the few left interrupted, resent once',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-crash-'));
      dirs.push(dataDir);
      await seedContacts(500, { dataDir });
      const smtp = await slowSmtp(15);
      currentSmtp = smtp;
      received.set(smtp, []);
      const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, SMTP_RATE_LIMIT: '0', MAIL_DAILY_LIMIT: '100000' };
      try {
        const first = await startServer(env);
        const { campaignId, total } = await startCampaign(first);
        expect(total).toBe(500);
        const atKill = await killAfter(first, smtp, 110);
        expect(atKill).toBeGreaterThanOrEqual(110);
        expect(atKill).toBeLessThan(500);

        const second = await startServer(env);
        const { details, interrupted } = await checkAfterRestart(second, smtp, campaignId, 500);
        const got = received.get(smtp)!;
        console.log(
          `crash test (embedded): ${atKill} delivered before SIGKILL, ${got.length - atKill} after restart, ${dropped.get(smtp) ?? 0} cut mid-DATA; statuses ${JSON.stringify(Object.fromEntries(counts(details.recipients.map((r) => r.status))))}; interrupted received ${interrupted.filter((e) => got.includes(e)).length} of ${interrupted.length}`,
        );
        await resendInterruptedOnce(second, smtp, campaignId, interrupted);
        second.child.kill('SIGTERM');
        await second.exited;
      } finally {
        await smtp.close();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'SIGKILL mid-send of 300 (PostgreSQL): after restart everybody has it once, but for the few left interrupted, resent once',
    async () => {
      await onScratchDatabase(15, async (url, smtp) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-pgcrash-'));
        dirs.push(dataDir);
        const env = {
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          SMTP_URL: smtp.url,
          SMTP_RATE_LIMIT: '0',
          MAIL_DAILY_LIMIT: '100000',
          APP_SECRET: 'a shared secret for both runs of the server, 32+ chars',
        };
        const first = await startServer(env);
        const { campaignId, total } = await startCampaign(first);
        expect(total).toBe(300);
        const atKill = await killAfter(first, smtp, 80);
        expect(atKill).toBeLessThan(300);
        // On PostgreSQL a row counts as abandoned once `sending` for two minutes (another instance
        // may be sending it): move the dead process's rows that far into the past instead of waiting.
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        const moved = await db.query(`
        update campaign_recipients set updated_at = updated_at - interval '3 minutes',
          attempted_at = attempted_at - interval '3 minutes', data_end_at = data_end_at - interval '3 minutes'
        where status = 'sending'`);
        await db.end();
        expect(moved.rowCount).toBeGreaterThan(0);

        const second = await startServer(env);
        const { details, interrupted } = await checkAfterRestart(second, smtp, campaignId, 300);
        const got = received.get(smtp)!;
        console.log(
          `crash test (PostgreSQL): ${atKill} delivered before SIGKILL, ${got.length - atKill} after restart, ${dropped.get(smtp) ?? 0} cut mid-DATA; statuses ${JSON.stringify(Object.fromEntries(counts(details.recipients.map((r) => r.status))))}; interrupted received ${interrupted.filter((e) => got.includes(e)).length} of ${interrupted.length}`,
        );
        await resendInterruptedOnce(second, smtp, campaignId, interrupted);
        second.child.kill('SIGTERM');
        await second.exited;
      });
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'two instances on one PostgreSQL sending the same campaign never send a duplicate',
    async () => {
      await onScratchDatabase(10, async (url, smtp) => {
        const env = {
          DATABASE_URL: url.toString(),
          SMTP_URL: smtp.url,
          SMTP_RATE_LIMIT: '0',
          MAIL_DAILY_LIMIT: '100000',
          APP_SECRET: 'a shared secret for both instances, 32+ chars',
        };
        const dataA = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-a-'));
        const dataB = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-b-'));
        dirs.push(dataA, dataB);
        const [a, b] = await Promise.all([
          startServer({ ...env, DATA_DIR: dataA }),
          startServer({ ...env, DATA_DIR: dataB }),
        ]);
        const { campaignId } = await startCampaign(a);
        const details = await waitUntilDone(b, campaignId, 120_000);
        const perAddress = counts(received.get(smtp)!);
        expect(perAddress.size).toBe(300);
        expect(Math.max(...perAddress.values())).toBe(1);
        expect(details.recipients.every((r) => r.status === 'sent')).toBe(true);
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        await Promise.all([a.exited, b.exited]);
      });
    },
  );
});
