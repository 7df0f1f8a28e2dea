import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The admin's feature boundaries (src/web/admin/README.md, Rules): a feature under
 * `src/web/admin/features/<f>/` uses another feature only through that feature's `index.ts`, and
 * no two features depend on each other, directly or around a loop. Cache keys that several
 * features invalidate live outside them, in `src/web/admin/query-keys.ts`.
 */

const root = path.resolve(import.meta.dirname, '../..');
const featuresDir = path.join(root, 'src/web/admin/features');

/** Every import specifier of a TypeScript source (static, re-export and dynamic `import()`). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g))
    found.push((m[1] ?? m[2])!);
  return found;
}

/**
 * Checks `files` (paths relative to the features folder → source). @returns the broken rules:
 * deep imports into another feature, and each feature-level cycle.
 */
function featureBoundaryProblems(files: Record<string, string>): string[] {
  const problems: string[] = [];
  const uses = new Map<string, Set<string>>();
  for (const [file, source] of Object.entries(files)) {
    const own = file.split('/')[0]!;
    for (const spec of specifiers(source)) {
      let target: string;
      if (spec.startsWith('.'))
        target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      else if (spec.startsWith('@/web/admin/features/')) target = spec.slice('@/web/admin/features/'.length);
      else continue;
      if (target.startsWith('..')) continue; // outside the features folder
      const feature = target.split('/')[0]!;
      if (feature === own) continue;
      const rest = target.split('/').slice(1).join('/');
      if (rest !== '' && rest !== 'index' && rest !== 'index.ts')
        problems.push(`${file} imports '${spec}': use '${feature}' (its index.ts)`);
      if (!uses.has(own)) uses.set(own, new Set());
      uses.get(own)!.add(feature);
    }
  }
  // A loop through the features' dependency graph, found by depth-first search.
  const state = new Map<string, 'open' | 'done'>();
  const visit = (feature: string, trail: string[]) => {
    if (state.get(feature) === 'done') return;
    if (state.get(feature) === 'open') {
      problems.push(
        `features depend on each other: ${[...trail.slice(trail.indexOf(feature)), feature].join(' → ')}`,
      );
      return;
    }
    state.set(feature, 'open');
    for (const next of uses.get(feature) ?? []) visit(next, [...trail, feature]);
    state.set(feature, 'done');
  };
  for (const feature of uses.keys()) visit(feature, []);
  return problems;
}

function readFeatures(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(featuresDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(featuresDir, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8');
  }
  return files;
}

describe('admin feature boundaries', () => {
  it('every feature uses another only through its index.ts, with no cycle', () => {
    const files = readFeatures();
    expect(Object.keys(files).length).toBeGreaterThan(50);
    expect(featureBoundaryProblems(files)).toEqual([]);
  });

  it('a deep import into another feature and a two-way dependency are caught', () => {
    const files = {
      ...readFeatures(),
      // A tag component reaching into the contacts feature's files: deep, and a loop with
      // contacts, which uses tags.
      'tags/components/bad.tsx': "import { useContact } from '../../contacts/api/get-contact';\n",
    };
    expect(featureBoundaryProblems(files)).toEqual([
      "tags/components/bad.tsx imports '../../contacts/api/get-contact': use 'contacts' (its index.ts)",
      expect.stringMatching(/^features depend on each other: .*contacts.*tags|.*tags.*contacts/),
    ]);
  });

  it('an import through the index and a dynamic import are read as well', () => {
    expect(
      featureBoundaryProblems({
        'a/api/x.ts': "import { y } from '../../b';\n",
        'b/index.ts': "export const y = () => import('../a/api/x');\n",
      }),
    ).toEqual([
      "b/index.ts imports '../a/api/x': use 'a' (its index.ts)",
      'features depend on each other: a → b → a',
    ]);
  });
});
