// `npm start`: install what is missing, build (front end and compiled server) if needed, then run
// the server (migrations run at its start). Signals are passed on so Ctrl+C and SIGTERM shut the server down gracefully.
import { spawn } from 'node:child_process';
import {
  checkNode,
  ensureBuild,
  ensurePackages,
  root,
  serverEntry,
  serverEnv,
  serverNodeArgs,
} from './ensure.mjs';

checkNode();
ensurePackages();
ensureBuild();

// The compiled server, with plain node: no TypeScript compiler in the running process. The IPC
// channel is how the server learns that this process died (even by SIGKILL): it closes, and the
// server shuts down instead of living on with the data folder locked (issue #15, decision 027).
const server = spawn(process.execPath, [...serverNodeArgs, serverEntry], {
  cwd: root,
  env: { ...serverEnv, ...process.env },
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
