// `node scripts/node.mjs <node arguments…>`: runs `node <node arguments…>` on the tested Node
// (decision 042), fetching it when this one is older, so npm scripts (serve, dev, bench, the admin
// tools) run on the runtime the suites test. Signals are passed on; the exit code is the child's.
import { spawn } from 'node:child_process';
import { checkNode, switchToTestedNode } from './ensure.mjs';

checkNode();
const node = switchToTestedNode();
const child = spawn(node, process.argv.slice(2), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
