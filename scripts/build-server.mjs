// The server's production build: src/server/main.ts and everything of ours it imports bundled by
// esbuild into one plain JavaScript file, dist/server/server/main.js, beside the files the code
// reads next to itself (migrations, the initdb script); then the pre-initialised embedded database
// a first start unpacks instead of running initdb and the migrations (decisions 039 and 054; made
// once per PGlite release and set of migrations, in a child process: initdb's memory never reaches
// the server). `npm start` runs the bundle with plain
// node: no compiler at run time. Types are checked by `npm run typecheck`, not here.
//
// Why a bundle (decision 046): Node loads an ES module file by file; drizzle-orm's drivers are 107
// files (about 1 s of a later start here) and our own code ~170 more. Packages stay
// outside the bundle, as npm installed them, except the pure-JavaScript ones that are many small
// files and read nothing beside themselves (INLINED); the others (PGlite's WebAssembly, native
// argon2, the Swagger UI's files) find their files from their own folders.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { root, run } from './ensure.mjs';

/** Packages bundled into the server; every other bare import stays an import of node_modules. */
const INLINED = /^(drizzle-orm|date-fns|@date-fns\/tz|zod|fastify-type-provider-zod)(\/|$)/;

const out = path.join(root, 'dist', 'server');
const serverDir = path.join(out, 'server');
fs.rmSync(out, { recursive: true, force: true });
await esbuild.build({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(serverDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  // Comments and indentation out (names stay, so stack traces still read; the source map maps
  // them back): V8 keeps a module's source text for its whole life, and our comments' '—', '…'
  // and '§' made it a two-byte string, 3.3 MB of heap for a 1.7 MB file (now 1.3 MB, one byte a
  // character, measured in a heap snapshot of the idle server).
  minifyWhitespace: true,
  logLevel: 'warning',
  // A CommonJS module inside the bundle (none today) would call require: give it Node's.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'packages-outside',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          INLINED.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// src/db/client.ts finds these beside itself (`new URL('./migrations', import.meta.url)`): in the
// bundle, beside main.js.
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(serverDir, 'migrations'), { recursive: true });
fs.copyFileSync(path.join(root, 'src/db/init-pglite.mjs'), path.join(serverDir, 'init-pglite.mjs'));
// The backup's file copy runs in a worker thread started from this file (decision 062).
fs.copyFileSync(path.join(root, 'src/db/snapshot-worker.mjs'), path.join(serverDir, 'snapshot-worker.mjs'));
// A backup with a table too large for the erasure scrub is rewritten by this child (decision 073).
fs.copyFileSync(path.join(root, 'src/db/scrub-snapshot.mjs'), path.join(serverDir, 'scrub-snapshot.mjs'));

// The manifest path src/db/client.ts reads too (PGlite's exports do not include it).
const manifest = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
const pglite = JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
const templates = path.join(root, 'dist', 'pglite-template');
const template = path.join(templates, `pglite-${pglite}.tar.gz`);
// The template holds the schema's migrations too (decision 054): it is made again when they
// change, and `<template>.migrations` records the digest of the folder it was made from.
const migrations = path.join(serverDir, 'migrations');
const digest = createHash('sha256');
for (const file of fs.readdirSync(migrations, { recursive: true }).map(String).sort()) {
  const full = path.join(migrations, file);
  if (fs.statSync(full).isFile()) digest.update(file).update(fs.readFileSync(full));
}
const migrationsDigest = digest.digest('hex');
const stamp = `${template}.migrations`;
if (
  !fs.existsSync(template) ||
  !fs.existsSync(stamp) ||
  fs.readFileSync(stamp, 'utf8') !== migrationsDigest
) {
  fs.rmSync(templates, { recursive: true, force: true });
  fs.mkdirSync(templates, { recursive: true });
  run(process.execPath, [
    '--liftoff-only',
    path.join(serverDir, 'init-pglite.mjs'),
    '--template',
    template,
    migrations,
  ]);
  fs.writeFileSync(stamp, migrationsDigest);
}
console.log('Built dist/server (the server, bundled).');
