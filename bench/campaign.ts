// `npm run bench:campaign`: campaign throughput to a local SMTP server (smtp-server on loopback,
// in this process) with no daily cap and no SMTP rate limit: messages per second from the send
// call until the campaign is `sent`. PGlite by default; BENCH_DATABASE_URL for PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { seedContacts } from '../scripts/seed-contacts.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { freshPostgresDatabase } from './lib.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000);

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
const pgTarget = process.env.BENCH_DATABASE_URL
  ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL)
  : null;
const target = pgTarget ? { databaseUrl: pgTarget.url } : { dataDir };
try {
  await seedContacts(RECIPIENTS, target);
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
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'demo-admin' },
  });
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  const ids = (await app.inject({ method: 'GET', url: '/api/admin/contacts', headers: { cookie } }))
    .json()
    .map((c: { id: number }) => c.id);
  const campaign = (
    await app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: { cookie },
      payload: { name: 'Bench', subject: 'Hello {{name}}', htmlContent: '<p>Hi {{name}}, news from us.</p>' },
    })
  ).json();

  const start = performance.now();
  await app.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${campaign.id}/send`,
    headers: { cookie },
    payload: { recipientIds: ids },
  });
  for (;;) {
    const details = (
      await app.inject({
        method: 'GET',
        url: `/api/admin/campaigns/${campaign.id}/details`,
        headers: { cookie },
      })
    ).json();
    if (details.status === 'sent') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `campaign: ${RECIPIENTS} recipients on ${pgTarget ? 'PostgreSQL' : 'PGlite'}, ${received} received in ${seconds.toFixed(2)} s = ${(received / seconds).toFixed(0)} messages/s`,
  );
  await app.close();
} finally {
  await pgTarget?.drop();
  await new Promise<void>((r) => smtp.close(() => r()));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
