/**
 * Resident memory of the server as `npm start` runs it: the process and its
 * children (the database, when it is a child), from /proc VmRSS. "Idle" is read after one landing
 * load, one form post and a few quiet seconds; "peak" is the highest reading, sampled every
 * 100 ms, during `seconds` of form posts (`wrk -t1 -c10`, distinct leads), the startup included.
 * With `databaseUrl` only the server is counted (PostgreSQL runs elsewhere).
 */
import { contactPostScript, sleep, startServer, treeRssKb, wrk } from './harness.ts';
import { freshPostgresDatabase } from './lib.ts';

export interface MemoryResult {
  /** Highest reading from spawn to ready (a first start creates the database in a child). */
  startPeakMb: number;
  idleMb: number;
  peakMb: number;
  afterMb: number;
}

export async function benchMemory(
  options: { databaseUrl?: string; seconds?: number; nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<MemoryResult> {
  const pgDb = options.databaseUrl ? await freshPostgresDatabase(options.databaseUrl) : null;
  const script = contactPostScript();
  let peak = 0;
  let sampling = true;
  let startPeak = 0;
  const server = await startServer(
    {
      CONTACT_RATE_LIMIT: '100000',
      ...(pgDb
        ? { DATABASE_URL: pgDb.url, APP_SECRET: 'bench-only secret shared by nobody, 32+ chars' }
        : {}),
      ...options.env,
    },
    options.nodeArgs,
  );
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, treeRssKb(server.pid));
      await sleep(100);
    }
  })();
  try {
    await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } }).then((r) => r.arrayBuffer());
    await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Memory', email: 'memory@example.com', message: 'One lead before idle.' }),
    });
    await sleep(5000);
    startPeak = Math.max(peak, server.startPeakKb);
    const idle = treeRssKb(server.pid);
    peak = idle;
    await wrk(`${server.url}/api/contact`, { seconds: options.seconds ?? 30, script });
    await sleep(3000);
    const after = treeRssKb(server.pid);
    return { startPeakMb: startPeak / 1024, idleMb: idle / 1024, peakMb: peak / 1024, afterMb: after / 1024 };
  } finally {
    sampling = false;
    await sampler;
    await server.stop();
    await pgDb?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.argv.find((a) => a.startsWith('postgres'));
  const nodeArgs = process.argv.slice(2).filter((a) => a.startsWith('--'));
  const env = Object.fromEntries(
    process.argv
      .slice(2)
      .filter((a) => /^[A-Z_]+=/.test(a))
      .map((a) => a.split('=', 2) as [string, string]),
  );
  console.log(await benchMemory({ databaseUrl, nodeArgs, env, seconds: 15 }));
}
