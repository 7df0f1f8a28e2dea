/**
 * Start-up of the `npm start` default on a small machine (DESIGN §4, decision 039): the first start
 * on an empty data folder (the build's pre-initialised, migrated database unpacked; seed tags)
 * and a later start of the same folder. Peak: the highest of the process tree's resident memory
 * sampled every 100 ms and the server's own high-water mark (VmHWM, which no sample can miss).
 * Ready: from spawn to the first 200 of `/readyz`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './harness.ts';

export interface StartResult {
  firstPeakMb: number;
  firstReadyMs: number;
  /** Median of the later starts (the one in the middle when sorted by ready time). */
  laterPeakMb: number;
  laterReadyMs: number;
  /** Every later start's ready time, in the order they ran. */
  laterReadyAllMs: number[];
}

/** The kernel's high-water mark of `pid`'s resident memory, in kB (0 when it is gone). */
function highWaterKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function startOnce(dataDir: string) {
  const started = performance.now();
  const server = await startServer({ DATA_DIR: dataDir });
  const readyMs = performance.now() - started;
  const peakKb = Math.max(server.startPeakKb, highWaterKb(server.pid));
  await server.stop();
  return { peakMb: peakKb / 1024, readyMs };
}

/**
 * A first start and `laterStarts` later starts of one data folder, measured; the folder is removed
 * afterwards. Several later starts because one ready time on a shared machine is mostly noise.
 */
export async function benchStart(laterStarts = 3): Promise<StartResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-start-'));
  try {
    const first = await startOnce(dataDir);
    const later: Awaited<ReturnType<typeof startOnce>>[] = [];
    for (let i = 0; i < laterStarts; i++) later.push(await startOnce(dataDir));
    const median = [...later].sort((a, b) => a.readyMs - b.readyMs)[Math.floor(later.length / 2)]!;
    return {
      firstPeakMb: first.peakMb,
      firstReadyMs: first.readyMs,
      laterPeakMb: median.peakMb,
      laterReadyMs: median.readyMs,
      laterReadyAllMs: later.map((l) => l.readyMs),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
