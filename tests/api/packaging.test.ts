import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Truthful packaging (issue #14, decision 016): every package in the lock file accepts the Node
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
});
