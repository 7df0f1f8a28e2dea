/**
 * The README is the front door (docs/development.md 'Documentation'): at most 250 lines, and every
 * relative link in it and in docs/ and bench/ points at a file that exists, and at a heading that
 * exists when it names one (GitHub's anchor rule: lower case, punctuation dropped, spaces to '-').
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 250;

/** The Markdown files whose links are checked: the README, docs/*.md (not the decisions), bench/*.md. */
function markdownFiles(): string[] {
  const inFolder = (folder: string) =>
    fs
      .readdirSync(path.join(root, folder))
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join(folder, f));
  return ['README.md', ...inFolder('docs'), ...inFolder('bench')];
}

/** GitHub's heading anchor: lower case, everything but letters, digits, spaces and '-' dropped, spaces to '-'. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

/** Relative link targets of a Markdown file (inline links and images), code blocks left out. */
function linksIn(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('README and docs', () => {
  it(`the README has at most ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('every relative link points at a file, and a named heading exists', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const absolute = path.join(root, file);
      for (const link of linksIn(fs.readFileSync(absolute, 'utf8'))) {
        const [target = '', anchor] = link.split('#');
        const resolved = target ? path.resolve(path.dirname(absolute), decodeURIComponent(target)) : absolute;
        if (!fs.existsSync(resolved)) {
          broken.push(`${file}: ${link} (no such file)`);
        } else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) {
          broken.push(`${file}: ${link} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('the check finds a broken link and a missing heading (it can fail)', () => {
    expect(linksIn('[a](missing.md) [b](https://example.com) `[c](code.md)`')).toEqual(['missing.md']);
    expect(anchorOf('Contacts and leads')).toBe('contacts-and-leads');
    expect(anchorOf('Replies: the conversation in both directions')).toBe(
      'replies-the-conversation-in-both-directions',
    );
    expect(anchorsIn(path.join(root, 'README.md')).has('quick-start')).toBe(true);
  });
});
