import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../../src/db/client.ts';
import { freshPostgresDatabase } from '../../api/helpers/postgres-database.ts';

/**
 * Load and inspection tools for the resilience suite: a bounded flood of the public
 * form over keep-alive connections, a latency sampler, and the server's own database opened from
 * the test (PGlite's data folder once the server stopped, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set, so the suite runs on both engines).
 */

export interface FloodResult {
  /** Ids the server acknowledged with 201 (each a lead it promised to keep). */
  acknowledged: number[];
  /** Count per HTTP status; `error` for requests that got no answer (connection reset at a kill). */
  statuses: Record<string, number>;
  /** When each 201 arrived (ms since the flood started), for throughput over time. */
  ackTimes: number[];
  durationMs: number;
}

/** A lead body that is unique per flood and index. */
export function leadBody(tag: string, i: number) {
  return {
    name: `Flood ${tag} ${i}`,
    email: `flood-${tag}-${i}@example.com`,
    message: `Lead ${i} of flood ${tag}: we would like a quote for an app.`,
  };
}

/**
 * Posts leads to `url`/api/contact from `concurrency` keep-alive connections until `maxRequests`
 * were sent, `maxMs` passed or `stop` aborts. Bounded in both count and time.
 */
export async function flood(options: {
  url: string;
  tag: string;
  concurrency: number;
  maxRequests: number;
  maxMs: number;
  stop?: AbortSignal;
}): Promise<FloodResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const result: FloodResult = { acknowledged: [], statuses: {}, ackTimes: [], durationMs: 0 };
  const started = Date.now();
  let next = 0;
  const more = () =>
    next < options.maxRequests && Date.now() - started < options.maxMs && !options.stop?.aborted;
  async function worker() {
    while (more()) {
      const i = next++;
      const answer = await postJson(agent, `${options.url}/api/contact`, leadBody(options.tag, i));
      result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
      if (answer.status === '201') {
        result.acknowledged.push((JSON.parse(answer.body) as { id: number }).id);
        result.ackTimes.push(Date.now() - started);
      } else if (answer.status === 'error') {
        // The server is going or gone: do not spin on refused connections.
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  result.durationMs = Date.now() - started;
  agent.destroy();
  return result;
}

function postJson(agent: http.Agent, url: string, body: unknown): Promise<{ status: string; body: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: String(response.statusCode), body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', () => resolve({ status: 'error', body: '' }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 'error', body: '' }));
    request.end(payload);
  });
}

/**
 * Times GET `url` every `everyMs` until `stop` aborts (one request at a time, so it measures what
 * a person clicking would see). Failed requests are recorded as `Infinity`.
 */
export async function sampleLatency(
  url: string,
  headers: Record<string, string>,
  everyMs: number,
  stop: AbortSignal,
): Promise<number[]> {
  const samples: number[] = [];
  while (!stop.aborted) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      samples.push(res.ok ? performance.now() - t0 : Number.POSITIVE_INFINITY);
    } catch {
      samples.push(Number.POSITIVE_INFINITY);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return samples;
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Where a test's server keeps its data: a temporary folder, plus its own PostgreSQL database when asked. */
export interface ServerStore {
  env: Record<string, string>;
  /** Opens the server's database from the test; with PGlite only while the server is stopped. */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

export async function createServerStore(): Promise<ServerStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-resilience-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await freshPostgresDatabase(serverUrl, 'resilience') : undefined;
  const databaseUrl = scratch?.url;
  return {
    // The floods post without the form's proof of work: off, so every lead is a lead with its
    // notification (what these tests follow), not spam.
    env: { DATA_DIR: dataDir, CONTACT_POW: 'off', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    open: () => openDatabase(databaseUrl ? { databaseUrl, maxConnections: 2 } : { dataDir }),
    async remove() {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` every 200 ms until it returns true; @throws after `timeoutMs` with `what`. */
export async function waitUntil(what: string, timeoutMs: number, check: () => Promise<boolean>) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Every contact id the admin list shows, page by page (the list answers at most 200 a call and
 * names the next page in `X-Next-Cursor`). `cookie` is a signed-in session.
 */
export async function allContactIds(url: string, cookie: string): Promise<Set<number>> {
  const ids = new Set<number>();
  let cursor: string | null = null;
  do {
    const query: string = `limit=200&count=false${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fetch(`${url}/api/admin/contacts?${query}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`contacts list: ${res.status} ${await res.text()}`);
    for (const c of (await res.json()) as { id: number }[]) ids.add(c.id);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return ids;
}
