// Creates an embedded database in a process of its own, then exits: initdb grows the WebAssembly
// heap to ~800 MB (Node 20) or ~1.1 GB (Node 24), which never shrinks, so the server opens the
// finished database with a fresh heap instead (decisions 027, 039).
//   node init-pglite.mjs <folder>
//       initdb into <folder>
//   node init-pglite.mjs --template <file> [<migrations folder>]
//       initdb in memory, then (with a migrations folder) the schema's migrations, written as a gzip
//       tarball to <file>: the build's pre-initialised database (decisions 039 and 054)
import fs from 'node:fs';
import v8 from 'node:v8';

// Baseline WebAssembly compiler only, as the server (client.ts): initdb starts in a second, not five.
v8.setFlagsFromString('--liftoff-only');
const { PGlite } = await import('@electric-sql/pglite');

const [first, second, third] = process.argv.slice(2);
if (!first || (first === '--template' && !second)) {
  console.error('usage: node init-pglite.mjs <folder> | --template <file> [<migrations folder>]');
  process.exit(2);
}
if (first === '--template') {
  const db = third ? await migrated(third) : await PGlite.create();
  const tarball = await db.dumpDataDir('gzip');
  await db.close();
  // Written beside, then renamed: a reader never sees half a file.
  fs.writeFileSync(`${second}.tmp`, Buffer.from(await tarball.arrayBuffer()));
  fs.renameSync(`${second}.tmp`, second);
} else {
  const db = await PGlite.create(first);
  await db.close();
}

/**
 * A new in-memory database with the migrations of `folder` applied, as the server's first start
 * would apply them (Drizzle's migrator, the extensions of src/db/client.ts `PGLITE_EXTENSIONS`).
 * A start from it finds them applied and runs only the ones added since.
 */
async function migrated(folder) {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = await PGlite.create({ extensions: { pg_trgm, unaccent } });
  await migrate(drizzle({ client: db }), { migrationsFolder: folder });
  return db;
}
