// `npm start`: fetch the tested Node when this one is older, install what is missing, build (front
// end and compiled server) if needed, then run the server on the tested Node (migrations run at its
// start). Signals are passed on so Ctrl+C and SIGTERM shut the server down gracefully.
import { spawn } from 'node:child_process';
import { prepareToServe, root, serverEntry, serverEnv, serverNodeArgs } from './ensure.mjs';

const node = prepareToServe();

// The compiled server, with plain node: no TypeScript compiler in the running process. The IPC
// channel is how the server learns that this process died (even by SIGKILL): it closes, and the
// server shuts down instead of living on with the data folder locked (decision 027).
const server = spawn(node, [...serverNodeArgs, serverEntry], {
  cwd: root,
  env: { ...serverEnv, ...process.env },
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm start` runs this script through `sh -c`; package.json's `exec` makes the shell hand over
// its process, so the SIGTERM npm passes on (a service manager stopping `npm start`) reaches this
// script. Should the process that started this script die some other way (SIGKILL, a wrapper
// without exec), the parent id changes: stop the server as a SIGTERM would, rather than live on
// holding the data folder.
const startedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== startedBy) server.kill('SIGTERM');
}, 500).unref();
