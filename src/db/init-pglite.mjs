// Creates an embedded database folder (initdb) in a process of its own, then exits: initdb grows
// the WebAssembly heap to ~800 MB, which never shrinks, so the server opens the finished folder
// with a fresh heap instead (issue #15: memory). Usage: node init-pglite.mjs <folder>
import { PGlite } from '@electric-sql/pglite';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node init-pglite.mjs <folder>');
  process.exit(2);
}
const db = await PGlite.create(folder);
await db.close();
