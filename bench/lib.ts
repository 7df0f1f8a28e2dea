import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/**
 * The `Cookie` header of a demo-admin session on `app` (the benches build the app with the demo
 * credentials). @throws when the sign-in is refused.
 */
export async function adminCookie(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'demo-admin' },
  });
  const sid = login.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error(`bench sign-in refused: ${login.statusCode}`);
  return `sid=${sid.value}`;
}

/** The p-th percentile (0–100) of `values`, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Creates an empty database on the server of `serverUrl`; `drop()` removes it. */
export async function freshPostgresDatabase(serverUrl: string) {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
