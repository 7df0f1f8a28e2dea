import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** An empty database of its own on a PostgreSQL server. */
export interface ScratchDatabase {
  /** Its address (`postgres://…/<name>`). */
  url: string;
  /** Drops it, ending any connection still open on it (`with (force)`). */
  drop(): Promise<void>;
}

/** Runs one statement as the server's user, on a connection of its own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates an empty database named `<prefix>_<12 random hex digits>` on the server of `serverUrl`
 * (the tests' TEST_DATABASE_URL, the benches' BENCH_DATABASE_URL), for a test or bench that needs
 * its own: migrations, several instances, a crash.
 */
export async function freshPostgresDatabase(serverUrl: string, prefix = 'test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
