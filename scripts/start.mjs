// `npm start`: install what is missing, build (front end and compiled server) if needed, then run
// the server (migrations run at its start). Signals are passed on so Ctrl+C and SIGTERM shut the server down gracefully.
import { spawn } from 'node:child_process';
import { checkNode, ensureBuild, ensurePackages, root, serverEntry } from './ensure.mjs';

checkNode();
ensurePackages();
ensureBuild();

// The compiled server, with plain node: no TypeScript compiler in the running process.
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
