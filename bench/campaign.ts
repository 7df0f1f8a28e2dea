// `npm run bench:campaign`: campaign throughput to a local SMTP server (smtp-server on loopback,
// in this process) with no daily cap and no SMTP rate limit: messages per second from the send
// call until the campaign is `sent`. PGlite by default; BENCH_DATABASE_URL for PostgreSQL;
// BENCH_RECIPIENTS (default 1,000). Target: ≥ 500 msg/s on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { seedContacts } from '../scripts/seed-contacts.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { adminCookie, freshPostgresDatabase } from './lib.ts';

export interface CampaignBenchOptions {
  /** Recipients of the campaign (contacts seeded, all chosen). */
  recipients: number;
  /** PostgreSQL server URL (a database of its own is made and dropped); PGlite when absent. */
  serverUrl?: string;
}

/**
 * Sends one campaign to `recipients` seeded contacts through a local SMTP server and returns the
 * throughput row (`what`, `figure`, `target`) as `benchScale` does. @throws when the send fails.
 */
export async function benchCampaign(
  opts: CampaignBenchOptions,
): Promise<Array<{ what: string; figure: string; target: string }>> {
  let received = 0;
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as { port: number }).port;

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
    await new Promise<void>((r) => smtp.close(() => r()));
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
