import type { FastifyInstance } from 'fastify';
import { freshPostgresDatabase as freshDatabase } from '../tests/api/helpers/postgres-database.ts';

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
export const freshPostgresDatabase = (serverUrl: string) => freshDatabase(serverUrl, 'bench');
