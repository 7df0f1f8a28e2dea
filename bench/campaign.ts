// `npm run bench:campaign`: campaign throughput to a local SMTP server (smtp-server on loopback,
// in a process of its own) with no daily cap and no SMTP rate limit: messages per second from the send
// call until the campaign is `sent`. PGlite by default; BENCH_DATABASE_URL for PostgreSQL;
// BENCH_RECIPIENTS (default 1,000). Target: ≥ 500 msg/s on PostgreSQL.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedContacts } from '../scripts/seed-contacts.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { root } from './harness.ts';
import { adminCookie, freshPostgresDatabase } from './lib.ts';

export interface CampaignBenchOptions {
  /** Recipients of the campaign (contacts seeded, all chosen). */
  recipients: number;
  /** PostgreSQL server URL (a database of its own is made and dropped); PGlite when absent. */
  serverUrl?: string;
}

/**
 * The receiving SMTP server (smtp-server, no TLS, no auth) in a process of its own, as a mail
 * provider is: its parsing of every message then takes none of the app's thread. `received()`
 * asks it how many messages it has taken so far.
 */
async function startSmtpReceiver(): Promise<{ port: number; received(): Promise<number>; stop(): void }> {
  const script = `
    const { SMTPServer } = require('smtp-server');
    let received = 0;
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'], authOptional: true, logger: false,
      onData(stream, _session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => { received++; callback(); });
      },
    });
    smtp.listen(0, '127.0.0.1', () => process.send({ port: smtp.server.address().port }));
    process.on('message', () => process.send({ received }));
    process.on('disconnect', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<Record<string, number>>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Record<string, number>));
      child.once('exit', (code) => reject(new Error(`the SMTP receiver exited (${code})`)));
    });
  const { port } = await next();
  return {
    port: port!,
    async received() {
      const answer = next();
      child.send('count');
      return (await answer).received!;
    },
    stop: () => child.kill(),
  };
}

/**
 * Sends one campaign to `recipients` seeded contacts through a local SMTP server and returns the
 * throughput row (`what`, `figure`, `target`) as `benchScale` does. @throws when the send fails.
 */
export async function benchCampaign(
  opts: CampaignBenchOptions,
): Promise<Array<{ what: string; figure: string; target: string }>> {
  const smtp = await startSmtpReceiver();
  const port = smtp.port;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-campaign-'));
  const pgTarget = opts.serverUrl ? await freshPostgresDatabase(opts.serverUrl) : null;
  const target = pgTarget ? { databaseUrl: pgTarget.url } : { dataDir };
  const engine = pgTarget ? 'PostgreSQL' : 'PGlite';
  try {
    await seedContacts(opts.recipients, target);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      SMTP_RATE_LIMIT: '0',
      MAIL_DAILY_LIMIT: '1000000',
      ...(pgTarget
        ? { DATABASE_URL: pgTarget.url, APP_SECRET: 'bench-only secret shared by nobody, 32+ chars' }
        : {}),
    });
    const database = await openDatabase(target);
    const app = await buildApp({ config, database, pages: null });
    await app.ready();
    try {
      const cookie = await adminCookie(app);
      const campaign = (
        await app.inject({
          method: 'POST',
          url: '/api/admin/campaigns',
          headers: { cookie },
          payload: {
            name: 'Bench',
            subject: 'Hello {{name}}',
            htmlContent: '<p>Hi {{name}}, news from us.</p>',
          },
        })
      ).json();

      const start = performance.now();
      // Everyone: the server resolves the audience, no id list travels.
      const send = await app.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${campaign.id}/send`,
        headers: { cookie },
        payload: { audience: {} },
      });
      if (send.statusCode >= 300) throw new Error(`send: ${send.statusCode} ${send.body}`);
      for (;;) {
        const details = (
          await app.inject({
            method: 'GET',
            url: `/api/admin/campaigns/${campaign.id}/details?limit=1`,
            headers: { cookie },
          })
        ).json();
        if (details.status === 'sent') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const seconds = (performance.now() - start) / 1000;
      const received = await smtp.received();
      return [
        {
          what: `campaign to ${opts.recipients.toLocaleString('en-US')} recipients, local SMTP, no cap (${engine})`,
          figure: `${(received / seconds).toFixed(0)} msg/s (${received} in ${seconds.toFixed(1)} s)`,
          target: '≥ 500 msg/s on PostgreSQL',
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await pgTarget?.drop();
    smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [row] = await benchCampaign({
    recipients: Number(process.env.BENCH_RECIPIENTS ?? 1000),
    serverUrl: process.env.BENCH_DATABASE_URL,
  });
  console.log(`${row!.what}: ${row!.figure}`);
}
