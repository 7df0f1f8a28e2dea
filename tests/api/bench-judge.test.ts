import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/judge.ts';

describe('bench verdicts (bench/judge.ts)', () => {
  it.each([
    ['13.9 s (1,000,000 recipients)', '≤ 30 s at 1M', true],
    ['45.8 s (828,572 changed)', '≤ 30 s', false],
    ['66k rows/s (15.1 s)', '≥ 50k rows/s', true],
    ['46k rows/s (21.8 s)', '≥ 50k rows/s', false],
    ['492 msg/s (5000 in 10.2 s)', '≥ 500 msg/s on PostgreSQL', false],
    ['4.0 ms', '≤ 5 ms', true],
    ['1,197.8 ms', '≤ 500 ms at 1M', false],
    ['220 MB', '≤ 300 MB', true],
  ])('%s against %s: %s', (figure, target, met) => {
    expect(judge(figure, target)).toBe(met);
  });

  it.each([
    ['112.0 ms', '(once per search)'],
    ['89.7 KB br, own chunk', 'not in the first screen'],
    ['52.5 s', '≤ 50 ms'],
    ['not possible (500, 0 recipients)', '≤ 30 s at 1M'],
  ])('gives no verdict for %s against %s', (figure, target) => {
    expect(judge(figure, target)).toBeUndefined();
  });
});
