/**
 * `npm run bench`: one table of the product's figures, each measured side by
 * side in this run against its reference (nginx and the raw transaction are started here, on
 * loopback, every load bounded in time), printed and written to bench/results.md with the date,
 * the commit and the machine. Benchmarks, not tests: they run apart from `npm test`, but the command
 * ends by listing every row that missed its target or could not run, and exits 1 when there is one.
 *
 * Settings (environment):
 * - `BENCH_DATABASE_URL`: a PostgreSQL server (its `postgres` database URL; fresh databases are
 *   created and dropped) for the PostgreSQL rows; without it they are marked skipped.
 * - `BENCH_CONTACTS`: contacts for the scale rows (bench/scale.ts, when present), e.g. 1000000.
 * - `BENCH_ROUNDS` (default 5) and `BENCH_SECONDS` (default 3): alternations of app and reference,
 *   and the length of each load; `BENCH_LOAD_SECONDS` (default 30): the memory row's form load.
 * - `BENCH_ONLY`: comma-separated row groups to run (serving, writes, memory, start, scale, crm,
 *   landing); their table replaces only its own section of bench/results.md (e.g.
 *   `BENCH_ONLY=start` for the start-up rows), never the last whole run's table.
 *
 * Needs a build (`npm run build`), wrk and nginx (Debian packages `wrk`, `nginx-light`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './harness.ts';
import { judge } from './judge.ts';
import { benchMemory } from './memory.ts';
import { benchServing } from './serving.ts';
import { benchStart } from './start.ts';
import { benchWrites, benchWritesVsTwoInserts } from './writes.ts';

/** One line of the table. */
export interface BenchRow {
  what: string;
  figure: string;
  target: string;
  /** Whether the figure meets the target; undefined when the row has no pass mark or was skipped. */
  met?: boolean;
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const contacts = process.env.BENCH_CONTACTS ? Number(process.env.BENCH_CONTACTS) : undefined;
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (group: string) => !only || only.includes(group);

const rows: BenchRow[] = [];
const startLoad = os.loadavg()[0]!;
const started = new Date();

function x(ratio: number) {
  return `${ratio.toFixed(2)}×`;
}
function rps(value: number) {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)}k` : value.toFixed(0);
}
function mb(value: number) {
  return `${value.toFixed(0)} MB`;
}
function failures(errors: number) {
  return errors > 0 ? `, ${errors} posts failed or timed out` : '';
}
function skipped(what: string, target: string, why: string) {
  rows.push({ what, figure: `skipped (${why})`, target });
}
async function group(name: string, run: () => Promise<void>) {
  if (!wanted(name)) return;
  console.error(`bench: ${name}…`);
  try {
    await run();
  } catch (error) {
    rows.push({
      what: name,
      figure: `failed: ${(error as Error).message.split('\n')[0]}`,
      target: 'runs to the end',
      met: false,
    });
  }
}

await group('serving', async () => {
  const r = await benchServing({ rounds, seconds });
  rows.push({
    what: '`GET /` req/s vs nginx (1 worker, same bytes), `wrk -t1 -c10`, gzip, default settings',
    figure: `${rps(r.appRps)} vs ${rps(r.nginxRps)} = ${x(r.ratio)} (rounds ${x(r.spread[0])}–${x(r.spread[1])})`,
    target: '≥ 0.6×',
    met: r.ratio >= 0.6,
  });
  rows.push({
    what: "the same `GET /` on a bare `node:http` server sending the same bytes and headers vs nginx (the runtime's ceiling here)",
    figure: `${rps(r.bareRps)} vs ${rps(r.nginxRps)} = ${x(r.bareRatio)}; the app is ${x(r.appRps / r.bareRps)} of it`,
    target: '(not a target)',
  });
});

await group('writes', async () => {
  const what = (engine: string) =>
    `\`POST /api/contact\` req/s vs its transaction called directly, 10 connections, ${engine}`;
  if (databaseUrl) {
    const r = await benchWrites({ databaseUrl, rounds, seconds });
    rows.push({
      what: what('PostgreSQL'),
      figure: `${rps(r.appRps)} vs ${rps(r.rawRps)} = ${x(r.ratio)} (rounds ${x(r.spread[0])}–${x(r.spread[1])})${failures(r.errors)}`,
      target: '≥ 0.6×',
      met: r.ratio >= 0.6 && r.errors === 0,
    });
  } else skipped(what('PostgreSQL'), '≥ 0.6×', 'set BENCH_DATABASE_URL');
  const twoInserts =
    '`POST /api/contact` req/s, real leads (`CONTACT_POW=off`), vs a raw two-insert transaction (the contact, its notification), 10 connections, PostgreSQL';
  if (databaseUrl) {
    const r = await benchWritesVsTwoInserts({ databaseUrl, rounds, seconds });
    rows.push({
      what: twoInserts,
      figure: `${rps(r.appRps)} vs ${rps(r.rawRps)} = ${x(r.ratio)} (rounds ${x(r.spread[0])}–${x(r.spread[1])})${failures(r.errors)}`,
      target: '≥ 0.3×',
      met: r.ratio >= 0.3 && r.errors === 0,
    });
  } else skipped(twoInserts, '≥ 0.3×', 'set BENCH_DATABASE_URL');
  const r = await benchWrites({ rounds, seconds });
  rows.push({
    what: what('embedded default (PGlite)'),
    figure: `${rps(r.appRps)} vs ${rps(r.rawRps)} = ${x(r.ratio)} (rounds ${x(r.spread[0])}–${x(r.spread[1])})${failures(r.errors)}`,
    target: '≥ 0.6×',
    met: r.ratio >= 0.6 && r.errors === 0,
  });
});

await group('memory', async () => {
  const embedded = await benchMemory({ seconds: loadSeconds });
  rows.push({
    what: `resident memory, server + database, \`npm start\` default (PGlite): idle after one load / peak under ${loadSeconds} s of form load`,
    figure: `${mb(embedded.idleMb)} / ${mb(embedded.peakMb)}`,
    target: '≤ 200 MB / ≤ 300 MB',
    met: embedded.idleMb <= 200 && embedded.peakMb <= 300,
  });
  rows.push({
    what: 'first start on an empty data folder, peak (the pre-initialised database unpacked; decision 039)',
    figure: mb(embedded.startPeakMb),
    target: '(not a target)',
  });
  const what = `same with \`DATABASE_URL\` (server only): idle / peak under ${loadSeconds} s of form load`;
  if (databaseUrl) {
    const pg = await benchMemory({ databaseUrl, seconds: loadSeconds });
    rows.push({
      what,
      figure: `${mb(pg.idleMb)} / ${mb(pg.peakMb)}`,
      target: '≤ 150 MB',
      met: pg.idleMb <= 150 && pg.peakMb <= 150,
    });
  } else skipped(what, '≤ 150 MB', 'set BENCH_DATABASE_URL');
});

await group('start', async () => {
  const r = await benchStart();
  rows.push({
    what: 'first start of the `npm start` default on an empty data folder (pre-initialised, migrated database unpacked): peak, server + children',
    figure: `${mb(r.firstPeakMb)} (ready in ${(r.firstReadyMs / 1000).toFixed(1)} s)`,
    target: '≤ 300 MB',
    met: r.firstPeakMb <= 300,
  });
  rows.push({
    what: `a later start of the same folder: spawn to \`/readyz\` 200 (peak), median of ${r.laterReadyAllMs.length}`,
    figure: `${(r.laterReadyMs / 1000).toFixed(1)} s (${mb(r.laterPeakMb)}; starts ${r.laterReadyAllMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s)`,
    target: '≤ 3 s',
    met: r.laterReadyMs <= 3000,
  });
});

await group('site', async () => {
  const mod = await optionalModule('site-publish.ts', 'benchSitePublish');
  if (!mod) return;
  rows.push(...((await mod.benchSitePublish!({ databaseUrl })) as BenchRow[]));
});

// Rows other benches provide, when their modules are on this branch.
await group('campaign', async () => {
  const mod = await optionalModule('campaign.ts', 'benchCampaign');
  if (!mod) return;
  // Throughput to a local SMTP server with the cap off (target: on PostgreSQL).
  rows.push(...((await mod.benchCampaign!({ recipients: 5000, serverUrl: databaseUrl })) as BenchRow[]));
});
await group('scale', async () => {
  const mod = await optionalModule('scale.ts', 'benchScale');
  if (!mod) return;
  if (!databaseUrl) {
    skipped(
      'admin paths at BENCH_CONTACTS contacts (seed, pages, search, audience, CSV, cap)',
      'the scale rows’ own',
      'set BENCH_DATABASE_URL',
    );
    return;
  }
  const scaleRows = (await mod.benchScale!({
    contacts: contacts ?? 100_000,
    serverUrl: databaseUrl,
  })) as BenchRow[];
  rows.push(...scaleRows);
});
await group('crm', async () => {
  const mod = await optionalModule('crm.ts', 'benchCrm');
  if (!mod) return;
  if (!databaseUrl) {
    skipped(
      'CSV import of 100,000 rows; bulk status change and delete at 1M',
      '≤ 60 s; ≤ 30 s',
      'set BENCH_DATABASE_URL',
    );
    return;
  }
  rows.push(
    ...((await mod.benchCrm!({ serverUrl: databaseUrl, contacts: contacts ?? 1_000_000 })) as BenchRow[]),
  );
});
await group('bundles', async () => {
  const mod = await optionalModule('bundles.ts', 'benchBundles');
  if (!mod) return;
  rows.push(...((await mod.benchBundles!({})) as BenchRow[]));
});
await group('landing', async () => {
  const mod = await optionalModule('landing.ts', 'benchLanding');
  if (!mod) return;
  rows.push(...((await mod.benchLanding!({})) as BenchRow[]));
});

/**
 * Imports bench/<file> only when it exports `name` (a script without it would run on import).
 * @returns the module, or null when the file or the export is absent.
 */
async function optionalModule(
  file: string,
  name: string,
): Promise<Record<string, (o: object) => Promise<unknown>> | null> {
  const full = path.join(root, 'bench', file);
  if (!fs.existsSync(full)) return null;
  if (!new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b`).test(fs.readFileSync(full, 'utf8')))
    return null;
  return (await import(full)) as Record<string, (o: object) => Promise<unknown>>;
}

// Rows the other benches give without a verdict are judged here from their figure and target.
for (const row of rows) row.met ??= judge(row.figure, row.target);

const table = [
  '| what | measured | target | met |',
  '|---|---|---|---|',
  ...rows.map(
    (r) => `| ${r.what} | ${r.figure} | ${r.target} | ${r.met === undefined ? '' : r.met ? 'yes' : 'no'} |`,
  ),
].join('\n');

const commit = git(['rev-parse', '--short', 'HEAD']);
const dirty = git(['status', '--porcelain', '--untracked-files=no']) ? ' (with uncommitted changes)' : '';
const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.type()} ${os.release()}, Node ${process.version}`;
const report = `# Benchmark results

\`npm run bench\`, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}${dirty}.
Machine: ${machine}; load average ${startLoad.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.
Each ratio is the median of ${rounds} alternations of the app and its reference (${seconds} s each); the
range in brackets is the lowest and highest round, a measure of the noise from other processes.

${table}
`;

console.log(`\n${table}\n`);
const resultsFile = path.join(root, 'bench', 'results.md');
if (only) {
  // A run of some groups must not wipe the full table of the last whole run: its rows go to their
  // own section of results.md, replaced by the next run of the same groups.
  const key = only.join(',');
  const open = `<!-- bench:only ${key} -->`;
  const close = `<!-- /bench:only ${key} -->`;
  const section = `${open}
## Rows run alone: \`BENCH_ONLY=${key} npm run bench\`

${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}${dirty}.
Machine: ${machine}; load average ${startLoad.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.

${table}
${close}`;
  const previous = fs.existsSync(resultsFile)
    ? fs.readFileSync(resultsFile, 'utf8')
    : '# Benchmark results\n';
  const at = previous.indexOf(open);
  const end = previous.indexOf(close);
  const next =
    at >= 0 && end > at
      ? previous.slice(0, at) + section + previous.slice(end + close.length)
      : `${previous.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(resultsFile, next);
  console.log(`Written to the '${key}' section of bench/results.md`);
} else {
  fs.writeFileSync(resultsFile, report);
  console.log('Written to bench/results.md');
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Rows that missed their target (a group that threw counts as one), printed last. */
const missed = rows.filter((r) => r.met === false);
if (missed.length > 0) {
  console.log(`\n✖ ${missed.length} row(s) missed their target:`);
  for (const r of missed) console.log(`  - ${r.what}: ${r.figure} (target ${r.target})`);
  process.exitCode = 1;
} else {
  console.log('\nEvery row with a target met it.');
}
