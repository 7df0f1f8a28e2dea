import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { testedNodeDir, testedNodeVersion } from '../../scripts/ensure.mjs';

/**
 * Truthful packaging (decision 016): every package in the lock file accepts the Node
 * the suites run on and the oldest one `engines` promises, and `.npmrc` makes npm refuse any
 * that does not.
 */
const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('packaging', () => {
  const lock = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };
  const promised = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;

  it.each([
    ['this Node', process.versions.node],
    ['the oldest promised', semver.minVersion(promised)!.version],
  ])('every locked package accepts %s (%s)', (_label, version) => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, pkg]) => {
        const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
        return name !== '' && range !== undefined && !semver.satisfies(version, range);
      })
      .map(([name, pkg]) => `${name}@${pkg.version} wants node ${(pkg.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('npm refuses packages that do not accept this Node (engine-strict)', () => {
    expect(read('.npmrc')).toMatch(/^engine-strict=true$/m);
    expect(semver.satisfies(process.versions.node, promised)).toBe(true);
  });

  it('the suites run on the tested Node (decision 042)', () => {
    expect(process.versions.node).toBe(testedNodeVersion);
    expect(semver.minVersion(promised)!.major).toBe(semver.major(testedNodeVersion));
  });

  // The machine's own Node (/usr/bin/node here, 20.20) is what a fresh clone starts `npm start`
  // with: the project's scripts must hand over to the tested Node, whatever runs them.
  const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (p) => fs.existsSync(p) && fs.realpathSync(p) !== fs.realpathSync(process.execPath),
  );
  it.skipIf(!machineNode)('an older machine Node runs npm scripts on the tested Node', () => {
    const result = spawnSync(
      machineNode!,
      ['scripts/node.mjs', '-p', 'process.version + " " + process.env.PATH.split(":")[0]'],
      { cwd: new URL('../..', import.meta.url), encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(`v${testedNodeVersion} ${testedNodeDir}/bin`);
  });
});
