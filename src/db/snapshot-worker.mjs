// The file copy of an online base backup of the embedded database (decision 062), in a process of
// its own: the data folder's files are read, packed into a tar and gzipped here, so the work goes
// on whatever the server's thread is doing (requests), and takes none of its time. The process runs
// at the lowest CPU priority (argument `priority`, 19 unless the caller says: scrub-snapshot.mjs
// packs at its own) and does its reading and compressing synchronously: on a busy machine the
// requests get the CPU first. A process, not a worker thread: a thread's messages to the server
// pass through a lock the server's thread also takes, and a thread at nice 19 that was preempted
// while holding it made the server wait for it (priority inversion, measured: leads waited up to
// 1.4 s on a busy 2-core machine; decision 062, addendum). The archive is gzip members of about
// 1 MB each, one after another (RFC 1952 allows it; gunzip, tar and Node's zlib read them as one
// stream). snapshot.ts (the server's thread) starts and stops the backup in PostgreSQL and relays
// the chunks. Plain JavaScript beside the bundle (scripts/build-server.mjs copies it), as
// init-pglite.mjs.
//   child_process.fork(this file, [JSON.stringify({ folder, priority })], { serialization: 'advanced' })
//
// Messages (IPC), copy → parent: { type: 'chunk', bytes: Uint8Array }, { type: 'tree-done' } once
// every file is in, { type: 'end' } after the last chunk, { type: 'error', message }. Parent →
// copy: { type: 'more' } after taking a chunk (at most IN_FLIGHT chunks wait in the parent),
// { type: 'finish', label, spcmap, segments } once PostgreSQL ended the backup (label null: a
// folder shut down cleanly, which opens as it is; scrub-snapshot.mjs). The parent ends the process
// when it has what it needs; the process ends itself when the parent goes away.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { gzipSync } from 'node:zlib';
import tarStream from 'tar-stream';

const { folder, priority = 19 } = JSON.parse(process.argv[2] ?? '{}');
if (!folder || !process.send) {
  console.error('usage: child_process.fork(snapshot-worker.mjs, [JSON.stringify({ folder, priority })])');
  process.exit(2);
}
process.on('disconnect', () => process.exit(1));
try {
  os.setPriority(priority);
} catch {
  // Not allowed here (some containers): the copy still runs beside the requests.
}

const PIECE = 1024 * 1024;
/** Chunks sent and not yet taken by the parent: a slow reader holds back the copy, not memory. */
const IN_FLIGHT = 4;
/** Folders whose contents PostgreSQL rebuilds (or, for pg_wal, that the backup adds itself). */
const SKIP_CONTENTS = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'pg_internal.init',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'tablespace_map.old',
]);

let credit = IN_FLIGHT;
let wake = () => {};
/** @type {(message: { label: string | null, spcmap: string | null, segments: string[] }) => void} */
let onFinish = () => {};
process.on('message', (message) => {
  if (message.type === 'more') {
    credit++;
    wake();
  } else if (message.type === 'finish') onFinish(message);
});

/** Passes bytes on in batches of at least `size`: one gzip call per megabyte, not per tar piece. */
class Batch extends Transform {
  constructor(size) {
    super();
    this.size = size;
    this.parts = [];
    this.length = 0;
  }
  _transform(chunk, _encoding, done) {
    this.parts.push(chunk);
    this.length += chunk.length;
    if (this.length >= this.size) this.release();
    done();
  }
  _flush(done) {
    if (this.length > 0) this.release();
    done();
  }
  release() {
    this.push(Buffer.concat(this.parts, this.length));
    this.parts = [];
    this.length = 0;
  }
}

const pack = tarStream.pack();
const batches = pack.pipe(new Batch(PIECE));

const sending = (async () => {
  for await (const batch of batches) {
    while (credit <= 0) await new Promise((resolve) => (wake = resolve));
    credit--;
    process.send({ type: 'chunk', bytes: gzipSync(batch) });
  }
})();

try {
  await addTree('');
  const finish = new Promise((resolve) => (onFinish = resolve));
  process.send({ type: 'tree-done' });
  const { label, spcmap, segments } = await finish;
  // No label: a folder that was shut down cleanly (scrub-snapshot.mjs), which opens as it is.
  if (label) await addBytes('/backup_label', Buffer.from(label));
  if (spcmap) await addBytes('/tablespace_map', Buffer.from(spcmap));
  for (const name of segments) await addFile(path.join(folder, 'pg_wal', name), `/pg_wal/${name}`, true);
  pack.finalize();
  await sending;
  process.send({ type: 'end' });
} catch (error) {
  process.send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  pack.destroy();
  batches.destroy();
}

/** Adds the folder `rel` ('' for the root) and what it holds, in name order. */
async function addTree(rel) {
  const dir = path.join(folder, rel);
  let entries;
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (error) {
    // A folder removed meanwhile (a dropped database): the WAL replay settles it.
    if (error.code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const child = `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      await addEntry({ name: child, type: 'directory', mode: 0o700 });
      if (rel === '' && SKIP_CONTENTS.has(entry.name)) {
        // pg_wal keeps its empty sub-folders (archive_status, summaries); a slot's folder in
        // pg_replslot would make the restored database look for the slot.
        if (entry.name === 'pg_wal') {
          for (const sub of await fs.promises.readdir(path.join(dir, entry.name), { withFileTypes: true }))
            if (sub.isDirectory())
              await addEntry({ name: `${child}/${sub.name}`, type: 'directory', mode: 0o700 });
        }
        continue;
      }
      await addTree(child);
    } else if (entry.isFile()) {
      if (SKIP_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
      await addFile(path.join(dir, entry.name), child, false);
    }
  }
}

/**
 * Copies one file as it is now: the size seen when opened goes in the header; a file that
 * shrinks meanwhile is padded with zeros, one that grows is cut there (the WAL replay brings
 * either up to date), one deleted before it was opened is left out (unless `mustExist`).
 */
async function addFile(file, name, mustExist) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if (!mustExist && error.code === 'ENOENT') return;
    throw error;
  }
  try {
    const size = fs.fstatSync(fd).size;
    await addEntry({ name, size, mode: 0o600, type: 'file' }, async (write) => {
      for (let offset = 0; offset < size; ) {
        // Zero-filled: a short read (the file shrank) leaves the rest as zeros.
        const piece = Buffer.alloc(Math.min(PIECE, size - offset));
        let got = 0;
        for (let n = 1; got < piece.length && n > 0; got += n)
          n = fs.readSync(fd, piece, got, piece.length - got, offset + got);
        offset += piece.length;
        await write(piece);
      }
    });
  } finally {
    fs.closeSync(fd);
  }
}

function addBytes(name, bytes) {
  return addEntry({ name, size: bytes.length, mode: 0o600, type: 'file' }, (write) => write(bytes));
}

/** One tar entry; `body` writes exactly the header's size, each write waiting for room. */
function addEntry(header, body) {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ ...header, mtime: new Date() }, (error) =>
      error ? reject(error) : resolve(),
    );
    entry.on('error', () => {}); // reported through the callback above
    if (!body) return;
    const write = (chunk) =>
      new Promise((ok, fail) => {
        if (entry.write(chunk)) return ok();
        const settle = (error) => {
          entry.off('drain', onDrain);
          entry.off('close', onClose);
          if (error) fail(error);
          else ok();
        };
        const onDrain = () => settle();
        const onClose = () => settle(new Error('the backup archive closed'));
        entry.on('drain', onDrain);
        entry.on('close', onClose);
      });
    body(write).then(
      () => entry.end(),
      (error) => {
        entry.destroy(error);
        reject(error);
      },
    );
  });
}
