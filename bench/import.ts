// `npm run bench:import`: a CSV import of BENCH_IMPORT_ROWS (default 1,000,000) rows through the
// compiled server over loopback HTTP (`npm run build` first), on the embedded default and, with
// BENCH_DATABASE_URL, on PostgreSQL (a database of its own, dropped after), while a lead is posted
// every 500 ms (decision 059): rows/s, the server's peak resident memory, and the longest a lead
// waited for its answer.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer, treeRssKb } from './harness.ts';
import { freshPostgresDatabase } from './lib.ts';

const SECRET = 'bench-only secret shared by nobody, 32+ chars';
const BOUNDARY = '----agency-bench-import';

export interface ImportBenchRow {
  what: string;
  figure: string;
}

/** Writes a CSV file of `rows` people to `file`, a block at a time. */
function writeCsv(file: string, rows: number): void {
  const out = fs.openSync(file, 'w');
  fs.writeSync(
    out,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\n\r\n`,
  );
  fs.writeSync(out, 'Name,Email,Phone,Company,Tags\n');
  for (let start = 0; start < rows; start += 10_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(rows, start + 10_000); i++)
      lines.push(`Person ${i},person${i}@import.example,+1 555 ${i},Company ${i % 500},Bench`);
    fs.writeSync(out, `${lines.join('\n')}\n`);
  }
  fs.writeSync(out, `\r\n--${BOUNDARY}--\r\n`);
  fs.closeSync(out);
}

async function benchOne(label: string, body: string, rows: number, env: Record<string, string>) {
  const server = await startServer({
    APP_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    CONTACT_POW: 'off',
    CONTACT_RATE_LIMIT: '100000',
    ...env,
  });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'admin', password: 'demo-admin' }),
    });
    const sid = login.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (!login.ok || !sid) throw new Error(`sign-in: ${login.status}`);
    let peakKb = treeRssKb(server.pid);
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, treeRssKb(server.pid));
    }, 100);
    const start = performance.now();
    let done = false;
    const importing = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/admin/contacts/import`,
        {
          method: 'POST',
          headers: {
            cookie: sid.split(';')[0]!,
            origin: server.url,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'content-length': fs.statSync(body).size,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => {
            done = true;
            resolve({ status: res.statusCode!, text });
          });
        },
      );
      req.on('error', reject);
      fs.createReadStream(body).pipe(req);
    });
    const waits: number[] = [];
    for (let i = 0; !done; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench Lead ${i}`, email: `lead${i}@bench.example`, message: 'Hello' }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`lead: ${res.status}`);
      waits.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 500));
    }
    const answer = await importing;
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const result = JSON.parse(answer.text) as { create?: number };
    if (answer.status !== 200 || result.create !== rows)
      throw new Error(`import: ${answer.status} ${answer.text.slice(0, 200)}`);
    const n = rows.toLocaleString('en-US');
    return [
      {
        what: `CSV import of ${n} rows (${label}, over HTTP, batches)`,
        figure: `${seconds.toFixed(1)} s, ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`,
      },
      {
        what: `server peak RSS during the ${n}-row import (${label})`,
        figure: `${Math.round(peakKb / 1024)} MB`,
      },
      {
        what: `longest wait of a lead posted every 500 ms during it (${label}, ${waits.length} leads)`,
        figure: `${Math.round(Math.max(...waits))} ms`,
      },
    ];
  } finally {
    await server.stop();
  }
}

/** The import rows on the embedded database and, given `serverUrl`, on PostgreSQL. */
export async function benchImports(opts: { rows: number; serverUrl?: string }): Promise<ImportBenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-import-'));
  try {
    const body = path.join(dir, 'body.multipart');
    writeCsv(body, opts.rows);
    const out = await benchOne('embedded default', body, opts.rows, {});
    if (opts.serverUrl) {
      const target = await freshPostgresDatabase(opts.serverUrl);
      try {
        out.push(...(await benchOne('PostgreSQL', body, opts.rows, { DATABASE_URL: target.url })));
      } finally {
        await target.drop();
      }
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchImports({
    rows: Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000),
    serverUrl: process.env.BENCH_DATABASE_URL,
  });
  for (const r of rows) console.log(`| ${r.what} | ${r.figure} |`);
}
