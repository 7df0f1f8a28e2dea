import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, type ServerProcess, signInTo, startServer } from '../api/helpers/server-process.ts';
import { type Nginx, startNginx } from '../security/helpers/nginx.ts';
import { flood, waitUntil } from './helpers/load.ts';
import { type PostgresCluster, query, startPostgresCluster } from './helpers/postgres-cluster.ts';

/**
 * A managed PostgreSQL restarts for maintenance (docs/decisions/032): two app instances on one
 * PostgreSQL of the test's own, behind a real nginx, under a contact-form load and an admin
 * reading the contacts list, while the database stops (every session gets 57P01), stays away a
 * few seconds and comes back. No process exits, every 201 is in the database, no 500 (503 while
 * the database is away), /readyz says so and recovers by itself, service is back within 5 s of
 * the database, and the workers pause quietly and resume (the leads' notifications go out).
 */

const OUTAGE_MS = 4000;

let cluster: PostgresCluster | undefined;
let nginx: Nginx | undefined;
const dataDirs: string[] = [];

afterAll(async () => {
  killAllServers();
  await nginx?.stop();
  cluster?.remove();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function readyStatus(url: string): Promise<number | 'error'> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'error';
  }
}

describe('PostgreSQL restarted under load', () => {
  it('rides through: no exit, no lost lead, no 500, back within 5 s', async () => {
    cluster = await startPostgresCluster();
    await query(cluster.url, 'create database app');
    const databaseUrl = cluster.urlFor('app');
    const servers: ServerProcess[] = [];
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-restart-'));
      dataDirs.push(dataDir);
      servers.push(
        await startServer({
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          APP_SECRET: 'a-shared-secret-of-at-least-32-characters!',
          CONTACT_RATE_LIMIT: '100000',
          NOTIFY_EMAIL: 'owner@example.com',
          TRUST_PROXY: '1',
          APP_URL: 'https://agency.example',
        }),
      );
    }
    nginx = await startNginx(servers.map((s) => s.url));
    const cookie = await signInTo(nginx.url);

    // Readiness of each instance, sampled directly (a load balancer's health check).
    const stop = new AbortController();
    const ready = servers.map(() => [] as { at: number; status: number | 'error' }[]);
    const sampling = servers.map(async (server, i) => {
      while (!stop.signal.aborted) {
        ready[i]!.push({ at: Date.now(), status: await readyStatus(server.url) });
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    // An admin reading the contacts list through nginx the whole time.
    const reads: Record<string, number> = {};
    const reading = (async () => {
      while (!stop.signal.aborted) {
        try {
          const res = await fetch(`${nginx!.url}/api/admin/contacts?limit=5&count=false`, {
            headers: { cookie },
            signal: AbortSignal.timeout(30_000),
          });
          const body = await res.text();
          reads[res.status] = (reads[res.status] ?? 0) + 1;
          if (res.status === 503) {
            expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
            expect(JSON.parse(body)).toEqual({ error: expect.any(String) });
          }
        } catch {
          reads.error = (reads.error ?? 0) + 1;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const floodStart = Date.now();
    const load = flood({
      url: nginx.url,
      tag: 'restart',
      concurrency: 8,
      maxRequests: 1_000_000,
      maxMs: 60_000,
      stop: stop.signal,
    });
    await new Promise((r) => setTimeout(r, 3000));
    const downAt = Date.now();
    cluster.stop();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    cluster.start();
    const backAt = Date.now();
    await new Promise((r) => setTimeout(r, 8000));
    stop.abort();
    const result = await load;
    await Promise.all([...sampling, reading]);

    // No process exited.
    for (const server of servers) expect(server.child.exitCode, server.output()).toBeNull();
    // No 500, nothing nginx could not pass on (502/504 = an instance gone or hung); 503 allowed.
    const statuses = Object.keys(result.statuses);
    expect(
      statuses.filter((s) => s !== '201' && s !== '503'),
      JSON.stringify(result.statuses),
    ).toEqual([]);
    expect(
      Object.keys(reads).filter((s) => s !== '200' && s !== '503'),
      JSON.stringify(reads),
    ).toEqual([]);
    expect(result.statuses['201']).toBeGreaterThan(50);

    // Every acknowledged lead is in the database.
    const rows = await query<{ id: number }>(databaseUrl, 'select id from contacts');
    const stored = new Set(rows.map((r) => Number(r.id)));
    expect(result.acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // Service back within 5 s of the database: a lead acknowledged, and both instances ready.
    const firstAckAfter = result.ackTimes.map((t) => floodStart + t).find((t) => t > backAt);
    console.log(
      `PostgreSQL restart: form ${JSON.stringify(result.statuses)}, admin reads ${JSON.stringify(reads)}, ` +
        `first 201 ${firstAckAfter ? firstAckAfter - backAt : '-'} ms after the database was back`,
    );
    expect(firstAckAfter, 'no 201 after the database came back').toBeDefined();
    expect(firstAckAfter! - backAt).toBeLessThanOrEqual(5000);
    for (const samples of ready) {
      expect(samples.some((s) => s.at > downAt + 500 && s.at < backAt && s.status === 503)).toBe(true);
      const readyAgain = samples.find((s) => s.at > backAt && s.status === 200);
      expect(readyAgain, JSON.stringify(samples.slice(-5))).toBeDefined();
      expect(readyAgain!.at - backAt).toBeLessThanOrEqual(5000);
    }

    // The workers paused and resumed: every lead's notification leaves the queue, and an instance
    // did not spin on the outage (a handful of log lines about it, not one per nudge).
    await waitUntil('every queued notification sent', 60_000, async () => {
      const [row] = await query<{ waiting: string }>(
        databaseUrl,
        "select count(*) as waiting from mail_queue where status in ('pending', 'sending')",
      );
      return Number(row!.waiting) === 0;
    });
    for (const server of servers) {
      const lines = server.output().split('\n');
      const outageLines = lines.filter((l) =>
        /database (is )?unavailable|pass failed|57P01|ECONNREFUSED/i.test(l),
      );
      expect(outageLines.length, outageLines.slice(0, 5).join('\n')).toBeLessThanOrEqual(40);
    }
  });
});
