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

/**
 * The `Cookie` header of a demo-admin session on the running server at `url`, signed in over HTTP
 * as a browser would (same-origin headers). @throws when the sign-in is refused.
 */
export async function adminCookieOverHttp(url: string): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ username: 'admin', password: 'demo-admin' }),
  });
  const sid = login.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!login.ok || !sid) throw new Error(`bench sign-in refused: ${login.status}`);
  return sid.split(';')[0]!;
}

/** The p-th percentile (0–100) of `values`, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Creates an empty database on the server of `serverUrl`; `drop()` removes it. */
export const freshPostgresDatabase = (serverUrl: string) => freshDatabase(serverUrl, 'bench');
