import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { DEMO_ADMIN } from '../shared/auth.ts';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { loggerOptions } from './logging.ts';
import { projectRoot } from './project-root.ts';
import { ensureSiteContent, publishedContent } from './site/site-content.ts';
import { seedTags } from './tags/tag-operations.ts';
import { loadPages } from './web/load-pages.ts';

/**
 * The process entry (STYLE.md `main.ts`): configuration → database (migrations applied) →
 * rendered pages → listen; SIGTERM/SIGINT stop accepting, let in-flight requests finish, close
 * the database and exit 0.
 */

const distDir = path.join(projectRoot, 'dist');

async function main() {
  const config = loadConfigOrExit();

  // Leads, the app secret and outbox mail are readable by this user only (decision 015): every
  // file and folder the process creates is 0600/0700, and an existing data folder is closed too.
  process.umask(0o077);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.chmodSync(config.dataDir, 0o700);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await seedTags(database.db);
  // The landing shows the live content version from its first request (decision 067).
  await ensureSiteContent(database.db);
  const pages = await loadPages(
    distDir,
    { ...config.site, demoMode: config.demoMode },
    { publicUrl: config.appUrl, content: (await publishedContent(database.db)) ?? undefined },
  );
  const app = await buildApp({
    config,
    database,
    pages,
    backupControl: true,
    // People reading a terminal get readable lines; log collectors get JSON. Both are redacted.
    logger: loggerOptions({ level: config.logLevel, pretty: process.stdout.isTTY }),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // Started by `npm start` (scripts/start.mjs) with an IPC channel: the channel closes when that
  // parent dies, even by SIGKILL, and an orphaned server would keep the data folder locked.
  if (process.send) {
    process.channel?.unref();
    process.once('disconnect', () => void stop('parent process exited'));
  }

  const where =
    database.kind === 'pglite'
      ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`
      : 'PostgreSQL (DATABASE_URL)';
  app.log.info({ database: database.kind }, `database: ${where}`);
  if (config.publicDemo) {
    app.log.warn(
      `PUBLIC DEMO MODE (DEMO_MODE=true) on ${config.host}: ANYONE who reaches this server can sign in as admin with "${DEMO_ADMIN.username}" / "${DEMO_ADMIN.password}" and read every lead. Never put real data here.`,
    );
  } else if (config.demoMode) {
    app.log.warn(
      `DEMO MODE: no ADMIN_USERNAME/ADMIN_PASSWORD set. Sign in at /admin/login as "${DEMO_ADMIN.username}" / "${DEMO_ADMIN.password}"; the credentials vault password is "${config.vaultPassword}". Demo mode listens on loopback only; set ADMIN_USERNAME, ADMIN_PASSWORD and VAULT_PASSWORD before real use.`,
    );
  } else {
    app.log.info('admin sign-in: configured credentials (demo mode off)');
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
