// `npm run setup`: what `npm start` does before it serves (docs/deploy.md, systemd): fetches the
// tested Node when this one is older (decision 042), installs the locked packages on it and builds
// what is stale, then prints the command a service manager's ExecStart runs. `npm ci` or
// `npm run build` alone cannot do this on an older Node: `engine-strict` refuses the install there,
// and the build needs the packages.
import path from 'node:path';
import { prepareToServe, root, serverEntry, serverEnv, serverNodeArgs } from './ensure.mjs';

const node = prepareToServe();
console.log(`✓ Installed and built. A service manager runs, in ${root}:`);
console.log(`  ${node} ${serverNodeArgs.join(' ')} ${path.relative(root, serverEntry)}`);
console.log('with this environment (besides NODE_ENV=production and the settings):');
console.log(
  `  ${Object.entries(serverEnv)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`,
);
