import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';

/**
 * A PostgreSQL 15 cluster of the test's own (Debian's binaries), in a temporary folder on a free
 * loopback port, so a test may stop and start it: the shared server on 5432 is never touched.
 * `initdb` refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication, loopback only). */
  url: string;
  /** A connection string to `database` in this cluster. */
  urlFor(database: string): string;
  /** Stops the server (`pg_ctl stop -m fast`: every session gets 57P01, as a managed restart does). */
  stop(): void;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): void;
  /** Stops it (immediately) and deletes its folder. */
  remove(): void;
}

export const POSTGRES_BIN = process.env.POSTGRES_BIN || '/usr/lib/postgresql/15/bin';

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:', folder]);
  const run = (tool: string, args: string[]) => {
    const command = path.join(POSTGRES_BIN, tool);
    return asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  };
  const data = path.join(folder, 'data');
  const port = await getPort({ host: '127.0.0.1' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const log = path.join(folder, 'server.log');
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '30', 'start']);
  start();
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor('postgres'),
    urlFor,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    start,
    remove() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on `url` with a client of its own. */
export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
