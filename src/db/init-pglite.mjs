// Creates an embedded database folder (initdb) in a process of its own, then exits: initdb grows
// the WebAssembly heap to ~800 MB, which never shrinks, so the server opens the finished folder
// with a fresh heap instead (issue #15: memory). Usage: node init-pglite.mjs <folder>
import v8 from 'node:v8';

// Baseline WebAssembly compiler only, as the server (client.ts): initdb starts in a second, not five.
v8.setFlagsFromString('--liftoff-only');
const { PGlite } = await import('@electric-sql/pglite');

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node init-pglite.mjs <folder>');
  process.exit(2);
}
const db = await PGlite.create(folder);
await db.close();
