import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Rooms of a sensible size (docs/architecture.md 'Folders'): no source file in `src/` passes 400
 * lines, except the site's shipped content (data, not code). A file near the limit is split by
 * concern, not squeezed.
 */

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;
/** Data rather than code: the landing's default texts. */
const EXEMPT = new Set(['src/shared/site-content-default.ts']);

/** Source files under `dir` (relative to the repository), recursively. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}

/** Lines of `text`, as `wc -l` counts them plus a last line without its newline. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Files over `max` lines, as `path (N lines)`, `exempt` left out. */
function oversized(files: Record<string, string>, max: number, exempt: Set<string>): string[] {
  return Object.entries(files)
    .filter(([file, text]) => !exempt.has(file) && lineCount(text) > max)
    .map(([file, text]) => `${file} (${lineCount(text)} lines)`);
}

describe('source file sizes', () => {
  it(`no file in src/ passes ${MAX_LINES} lines`, () => {
    const files = Object.fromEntries(
      sources('src').map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(oversized(files, MAX_LINES, EXEMPT)).toEqual([]);
  });

  it('the check names a file one line over, and not one at the limit', () => {
    const lines = (n: number) => `${'x\n'.repeat(n)}`;
    expect(
      oversized({ 'a.ts': lines(401), 'b.ts': lines(400), 'c.ts': lines(900) }, 400, new Set(['c.ts'])),
    ).toEqual(['a.ts (401 lines)']);
  });
});
