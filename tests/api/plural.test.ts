import { describe, expect, it } from 'vitest';
import { countLabel } from '../../src/web/lib/plural.ts';

describe("countLabel (the dashboard's counts, CLDR plural rules)", () => {
  it('uses the singular for exactly one and the plural otherwise, with grouped digits', () => {
    expect(countLabel(1, 'unique visitor', 'unique visitors')).toBe('1 unique visitor');
    expect(countLabel(0, 'unique visitor', 'unique visitors')).toBe('0 unique visitors');
    expect(countLabel(2, 'new message', 'new messages')).toBe('2 new messages');
    expect(countLabel(1200, 'unique visitor', 'unique visitors')).toBe('1,200 unique visitors');
  });
});
