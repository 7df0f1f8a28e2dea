// Rewrites a snapshot of the embedded database so that it holds only live rows (decision 073), in
// a process of its own: the server's erasure scrub rewrites only tables up to 2 MB in place
// (decision 061: a larger rewrite would stop the site answering), so a larger table's pages keep
// an erased or deleted row's bytes. Here, on a copy nobody else uses, every table is rewritten
// (`VACUUM FULL`, indexes and TOAST included), then a CHECKPOINT and WAL switches leave no segment
// from before the rewrite (`wal_recycle=off`), the copy is shut down cleanly and packed again in the
// snapshot's own layout by snapshot-worker.mjs. It runs at a low CPU priority (nice 10 unless
// told), beside the server, which keeps answering.
//   node --liftoff-only scrub-snapshot.mjs <in.tar.gz> <work folder> <out.tar.gz> <start parameters as JSON> [nice]
// <in.tar.gz> is deleted once unpacked; the work folder must not exist (made 0700, removed at the
// end); <out.tar.gz> is written whole, or not at all. Exit 1 with the reason on stderr.
// Plain JavaScript beside the bundle (scripts/build-server.mjs copies it), as init-pglite.mjs.
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

// Baseline WebAssembly compiler only, as the server (scripts/ensure.mjs serverNodeArgs). Node 24
// ignores this once started: snapshot.ts passes --liftoff-only on the command line; this line
// serves older runtimes.
v8.setFlagsFromString('--liftoff-only');
const [input, work, output, params, priority = '10'] = process.argv.slice(2);
// Started by the server with an IPC channel (run-child.ts): when the server goes away (killed, or
// stopped before the backup ended), nobody will read the result, so this ends too; the server
// removes the work folder at its next start. Unref'd, so the channel alone keeps nothing running.
if (process.channel) {
  process.on('disconnect', () => process.exit(1));
  process.channel.unref();
}
try {
  os.setPriority(Number(priority));
} catch {
  // Not allowed here (some containers): the rewrite still runs beside the server.
}

if (!input || !work || !output || !params) {
  console.error('usage: node scrub-snapshot.mjs <in.tar.gz> <work folder> <out.tar.gz> <start parameters>');
  process.exit(2);
}
const folder = path.join(work, 'pglite');
try {
  fs.mkdirSync(work, { mode: 0o700 });
  fs.mkdirSync(folder, { mode: 0o700 });
  // The archive's names start with '/': tar takes them relative to -C (and says so on stderr).
  const untar = spawnSync('tar', ['-xzf', input, '-C', folder, '--no-same-owner'], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`unpacking the snapshot failed: ${untar.stderr}`);
  fs.rmSync(input);
  await rewrite();
  await pack();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

/** Opens the copy (recovery replays the snapshot's WAL) and rewrites every table of the app's. */
async function rewrite() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const db = await PGlite.create(folder, {
    startParams: JSON.parse(params),
    extensions: { pg_trgm, unaccent },
  });
  try {
    const { rows } = await db.query(`
      select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      order by 1`);
    for (const { name } of rows) {
      try {
        await db.exec(`vacuum full ${name}`);
      } catch (error) {
        // Rewriting reads every page: a damaged one (a failing disk) stops here, and a backup
        // that restore would refuse anyway is not written (docs/deploy.md 'Backups').
        throw new Error(
          `The database is damaged: table ${name} cannot be read (${error instanceof Error ? error.message : error}); no backup was written. Backups taken before are not affected: see docs/deploy.md 'Backups'.`,
        );
      }
    }
    await db.exec('checkpoint');
    // As the server's scrub (src/server/contacts/scrub-erased.ts): three switches, each followed
    // by a checkpoint, leave no segment that held a row as it was before the rewrite.
    for (let i = 0; i < 3; i++) {
      await db.query('select pg_switch_wal()');
      await db.exec('checkpoint');
    }
  } finally {
    await db.close();
  }
}

/** Packs the cleanly shut down copy into `output` (beside it first, then renamed). */
async function pack() {
  const segments = fs
    .readdirSync(path.join(folder, 'pg_wal'))
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .sort();
  const partial = `${output}.partial`;
  const out = fs.openSync(partial, 'w', 0o600);
  try {
    // This process's own priority: at 19 the packing starved as the rewrite did (decision 073).
    const copy = fork(
      fileURLToPath(new URL('./snapshot-worker.mjs', import.meta.url)),
      [JSON.stringify({ folder, priority: Number(priority) })],
      { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    try {
      await new Promise((resolve, reject) => {
        copy.on('message', (message) => {
          if (message.type === 'chunk') {
            fs.writeSync(out, message.bytes);
            copy.send({ type: 'more' });
          } else if (message.type === 'tree-done') {
            copy.send({ type: 'finish', label: null, spcmap: null, segments });
          } else if (message.type === 'end') resolve(undefined);
          else reject(new Error(`packing the rewritten copy failed: ${message.message}`));
        });
        copy.on('error', reject);
        copy.on('exit', (code, signal) =>
          reject(new Error(`packing the rewritten copy stopped (exit ${code ?? signal})`)),
        );
      });
    } finally {
      copy.kill();
    }
  } finally {
    fs.closeSync(out);
  }
  fs.renameSync(partial, output);
}
