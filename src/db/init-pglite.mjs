// Creates an embedded database in a process of its own, then exits: initdb grows the WebAssembly
// heap to ~800 MB (Node 20) or ~1.1 GB (Node 24), which never shrinks, so the server opens the
// finished database with a fresh heap instead (decisions 027, 039).
//   node init-pglite.mjs <folder>             initdb into <folder>
//   node init-pglite.mjs --template <file>    initdb in memory, written as a gzip tarball to <file>
//                                             (the build's pre-initialised database, decision 039)
import fs from 'node:fs';
import v8 from 'node:v8';

// Baseline WebAssembly compiler only, as the server (client.ts): initdb starts in a second, not five.
v8.setFlagsFromString('--liftoff-only');
const { PGlite } = await import('@electric-sql/pglite');

const [first, second] = process.argv.slice(2);
if (!first || (first === '--template' && !second)) {
  console.error('usage: node init-pglite.mjs <folder> | --template <file>');
  process.exit(2);
}
if (first === '--template') {
  const db = await PGlite.create();
  const tarball = await db.dumpDataDir('gzip');
  await db.close();
  // Written beside, then renamed: a reader never sees half a file.
  fs.writeFileSync(`${second}.tmp`, Buffer.from(await tarball.arrayBuffer()));
  fs.renameSync(`${second}.tmp`, second);
} else {
  const db = await PGlite.create(first);
  await db.close();
}
