import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WorkerLoop } from '../../src/server/worker-loop.ts';

/**
 * The shared polling loop (STYLE.md): nudges coalesce into at most one pending pass,
 * exclusive work never overlaps a pass, and stop() aborts the pass under way and gives up waiting
 * at its deadline.
 */

const warnings: string[] = [];
const log = {
  error: () => {},
  warn: (message: string) => warnings.push(message),
} as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WorkerLoop', () => {
  it('folds 500 nudges during a pass into one more pass', async () => {
    let passes = 0;
    let running = 0;
    let overlapped = false;
    const loop = new WorkerLoop({
      name: 'test',
      log,
      pass: async () => {
        passes++;
        overlapped ||= running > 0;
        running++;
        await sleep(100);
        running--;
      },
    });
    loop.nudge();
    await sleep(20);
    for (let i = 0; i < 500; i++) loop.nudge();
    const exclusive = loop.exclusive(async () => {
      overlapped ||= running > 0;
      return 'done';
    });
    expect(await exclusive).toBe('done');
    await sleep(300);
    expect(passes).toBe(2);
    expect(overlapped).toBe(false);
    expect(await loop.stop(1000)).toBe(true);
  });

  it('spaces passes started by nudges by at least minSpacingMs', async () => {
    const starts: number[] = [];
    const loop = new WorkerLoop({
      name: 'test',
      log,
      minSpacingMs: 200,
      pass: async () => void starts.push(Date.now()),
    });
    loop.nudge();
    await sleep(20);
    loop.nudge();
    await sleep(400);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(190);
    await loop.stop(1000);
  });

  it('stops a pass at its next checkpoint, and gives up on one that never checks at the deadline', async () => {
    let steps = 0;
    const polite = new WorkerLoop({
      name: 'polite',
      log,
      pass: async (signal) => {
        while (!signal.aborted) {
          steps++;
          await sleep(10);
        }
      },
    });
    polite.nudge();
    await sleep(100);
    const t0 = Date.now();
    expect(await polite.stop(5000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(steps).toBeGreaterThan(0);
    polite.nudge();
    await expect(polite.exclusive(async () => 1)).rejects.toThrow('polite is stopped');

    const stubborn = new WorkerLoop({ name: 'stubborn', log, pass: () => sleep(10_000) });
    stubborn.nudge();
    await sleep(50);
    const t1 = Date.now();
    expect(await stubborn.stop(300)).toBe(false);
    expect(Date.now() - t1).toBeLessThan(2000);
    expect(warnings.some((w) => w.startsWith('stubborn: work still running'))).toBe(true);
  });
});
