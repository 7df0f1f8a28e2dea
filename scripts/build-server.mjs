// The server's production build: TypeScript → JavaScript in dist/server (tsconfig.server.json),
// plus the files the compiled code reads beside itself (migrations, the initdb script). Then
// `npm start` runs dist/server/server/main.js with plain node: no compiler at run time.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './ensure.mjs';

const out = path.join(root, 'dist', 'server');
fs.rmSync(out, { recursive: true, force: true });
run('npx', ['tsc', '-p', 'tsconfig.server.json']);
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(out, 'db/migrations'), { recursive: true });
fs.copyFileSync(path.join(root, 'src/db/init-pglite.mjs'), path.join(out, 'db/init-pglite.mjs'));
console.log('Built dist/server (the server, compiled).');
