// `npm run bench:backup`: `npm run backup` of an embedded database of BENCH_BACKUP_CONTACTS
// (default 1,000,000) seeded contacts, taken from the running compiled server (`npm run build`
// first) while a lead is posted every 200 ms (decision 062; its copy rewritten to live rows in a
// child process, decision 073): how long the backup took, its size,
// and the longest a lead waited for its answer (target ≤ 1 s). BENCH_BACKUP_DATA_DIR reuses a data
// folder seeded before (`DATA_DIR=… npm run seed:contacts -- 1000000`); otherwise one is seeded
// in a temporary folder (minutes). BENCH_BACKUP_RESTORE=1 also restores the backup and counts
// its contacts (the restore holds the whole archive in memory).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedContacts } from '../scripts/seed-contacts.ts';
import { openDatabase } from '../src/db/client.ts';
import { root, startServer, treeRssKb } from './harness.ts';

const SECRET = 'bench-only secret shared by nobody, 32+ chars';

export interface BackupBenchRow {
  what: string;
  figure: string;
}

/** Posts one lead; @returns how long its answer took (ms). @throws unless it is 201. */
async function postLead(url: string, tag: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench Lead ${tag}`,
      email: `lead${tag}@backup-bench.example`,
      message: 'Hi',
    }),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`lead: ${res.status}`);
  return performance.now() - t;
}

function npm(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, ENV_FILE: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** The backup rows for `contacts` seeded contacts on the embedded default. */
export async function benchBackup(opts: {
  contacts: number;
  dataDir?: string;
  restore?: boolean;
}): Promise<BackupBenchRow[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-backup-'));
  try {
    const dataDir = opts.dataDir ?? path.join(scratch, 'data');
    if (!opts.dataDir) await seedContacts(opts.contacts, { dataDir });
    const n = opts.contacts.toLocaleString('en-US');
    const env = { DATA_DIR: dataDir, CONTACT_POW: 'off', CONTACT_RATE_LIMIT: '100000' };
    const server = await startServer({ APP_SECRET: SECRET, LOG_LEVEL: 'silent', ...env });
    const file = path.join(scratch, 'backup.tar.gz');
    let seconds: number;
    let peakKb = treeRssKb(server.pid);
    const waits: number[] = [];
    let warmupWorst = 0;
    let worstAt = 0;
    try {
      const sampler = setInterval(() => {
        peakKb = Math.max(peakKb, treeRssKb(server.pid));
      }, 100);
      // Warm-up: the first leads after a start read cold pages of a large table (measured apart,
      // so the figure below is the backup's, not the start's).
      const warmup: number[] = [];
      for (let i = 0; i < 10; i++) warmup.push(await postLead(server.url, `warm${i}`));
      warmupWorst = Math.max(...warmup);
      const start = performance.now();
      let done = false;
      const backup = npm('backup', [file], env).finally(() => {
        done = true;
      });
      for (let i = 0; !done; i++) {
        const wait = await postLead(server.url, String(i));
        waits.push(wait);
        if (wait === Math.max(...waits)) worstAt = (performance.now() - start) / 1000;
        await new Promise((r) => setTimeout(r, 200));
      }
      const result = await backup;
      seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      if (result.code !== 0) throw new Error(`npm run backup: ${result.output}`);
    } finally {
      await server.stop();
    }
    const rows: BackupBenchRow[] = [
      {
        what: `backup of ${n} contacts on the embedded default (npm run backup from the running server)`,
        figure: `${seconds.toFixed(1)} s, ${Math.round(fs.statSync(file).size / 2 ** 20)} MB .tar.gz`,
      },
      {
        what: `longest wait of a lead posted every 200 ms during it (${waits.length} leads; target ≤ 1 s)`,
        figure: `${Math.round(Math.max(...waits))} ms (${worstAt.toFixed(0)} s in; before it, 10 leads after the start: longest ${Math.round(warmupWorst)} ms)`,
      },
      { what: 'server peak RSS during the backup', figure: `${Math.round(peakKb / 1024)} MB` },
    ];
    if (opts.restore) {
      // Shown before the restore starts: it takes minutes and memory at this size.
      for (const r of rows) console.log(`| ${r.what} | ${r.figure} |`);
      const restoredDir = path.join(scratch, 'restored');
      const start = performance.now();
      const restore = await npm('restore', [file], { DATA_DIR: restoredDir });
      if (restore.code !== 0) throw new Error(`npm run restore: ${restore.output}`);
      const restoreSeconds = (performance.now() - start) / 1000;
      const database = await openDatabase({ dataDir: restoredDir });
      const [row] = (
        (await database.db.execute(sql`select count(*)::int as n from contacts`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      await database.close();
      rows.push({
        what: `npm run restore of that backup (rewritten to live rows, decision 073)`,
        figure: `${restoreSeconds.toFixed(1)} s, ${row!.n.toLocaleString('en-US')} contacts (${n} seeded + ${waits.length} leads posted during it: a prefix of them)`,
      });
    }
    return rows;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchBackup({
    contacts: Number(process.env.BENCH_BACKUP_CONTACTS ?? 1_000_000),
    dataDir: process.env.BENCH_BACKUP_DATA_DIR,
    restore: process.env.BENCH_BACKUP_RESTORE === '1',
  });
  for (const r of rows) console.log(`| ${r.what} | ${r.figure} |`);
}
