/**
 * Landing performance benchmark (`npm run bench:landing`, DESIGN §4): builds the app, starts the
 * real server as `npm start` runs it (bench/harness.ts: a free port, an empty data folder), runs
 * Lighthouse with the mobile and desktop presets against `/` in the system Chromium, and prints
 * the four category scores, LCP, TBT, CLS and the JS/CSS/video bytes transferred on load.
 * Targets: mobile Performance ≥ 95, Accessibility/Best Practices/SEO = 100, CLS ≤ 0.02.
 *
 * Options: --no-build (reuse dist/), --runs=N (median of N runs per preset, default 1),
 * --larger (first publish 8 projects and 12 testimonials with uploaded media: bench/larger-content.ts).
 * `benchLanding()` returns the landing rows for `npm run bench` (bench/run.ts).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { root, startServer } from './harness.ts';
import { publishLargerContent } from './larger-content.ts';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  cssKb: number;
  videoKb: number;
  /** Each script fetched: path and transfer size in KB (body plus response headers). */
  scripts: string[];
  failed: string[];
}

async function runLighthouse(url: string, preset: 'mobile' | 'desktop'): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(
      `${url}/`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result.');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const items =
      (
        audits['network-requests']?.details as {
          items?: { url?: string; resourceType?: string; transferSize?: number }[];
        }
      )?.items ?? [];
    const bytes = (type: string) =>
      items
        .filter((item) => item.resourceType === type)
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
    const failed = Object.values(categories)
      .flatMap((category) => category.auditRefs)
      .filter(
        (ref) =>
          ref.weight > 0 &&
          (audits[ref.id]?.score ?? 1) < 1 &&
          audits[ref.id]?.scoreDisplayMode !== 'informative',
      )
      .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      jsKb: Number(bytes('Script').toFixed(1)),
      cssKb: Number(bytes('Stylesheet').toFixed(1)),
      videoKb: Number(bytes('Media').toFixed(1)),
      scripts: items
        .filter((item) => item.resourceType === 'Script')
        .map(
          (item) =>
            `${new URL(item.url ?? '', url).pathname} ${((item.transferSize ?? 0) / 1024).toFixed(1)} KB`,
        ),
      failed,
    };
  } finally {
    chrome.kill();
  }
}

function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as Figures;
}

/** Lighthouse figures of `/` per preset (median of `runs`), against the built app (dist/). */
async function measureLanding(runs: number, larger = false): Promise<Record<'mobile' | 'desktop', Figures>> {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    if (larger) await publishLargerContent(server.url);
    const rows = {} as Record<'mobile' | 'desktop', Figures>;
    for (const preset of ['mobile', 'desktop'] as const) {
      const results: Figures[] = [];
      for (let i = 0; i < runs; i++) results.push(await runLighthouse(server.url, preset));
      rows[preset] = median(results);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/**
 * Rows of the landing part of `npm run bench`: Lighthouse mobile Performance and the
 * script bytes it saw in the first load (transfer sizes, headers included), mobile and desktop.
 * Reads the current dist/ (no build); `runs` per preset, median by Performance (default 3).
 */
export async function benchLanding({
  runs = 3,
}: {
  runs?: number;
} = {}): Promise<Array<{ what: string; figure: string; target: string; met?: boolean }>> {
  const rows = await measureLanding(runs);
  const load = os.loadavg()[0]?.toFixed(1);
  const larger = await measureLanding(runs, true);
  return [
    {
      what: `Lighthouse mobile Performance on \`/\` (median of ${runs}; load average ${load} on ${os.cpus().length} cores)`,
      figure: `${rows.mobile.performance} (TBT ${rows.mobile.tbtMs} ms, LCP ${rows.mobile.lcpMs} ms)`,
      target: '≥ 98',
      met: rows.mobile.performance >= 98,
    },
    {
      what: `the same with 8 projects and 12 testimonials published, with an uploaded video and photo (median of ${runs})`,
      figure: `${larger.mobile.performance} (TBT ${larger.mobile.tbtMs} ms, LCP ${larger.mobile.lcpMs} ms; JS ${larger.mobile.jsKb} KB)`,
      target: '≥ 98',
      met: larger.mobile.performance >= 98,
    },
    ...(['mobile', 'desktop'] as const).map((preset) => ({
      what: `landing JS loaded in the first 10 s, Lighthouse ${preset} 'script' transfer`,
      figure: `${rows[preset].jsKb} KB in ${rows[preset].scripts.length} files`,
      target: '≤ 100 KB',
      met: rows[preset].jsKb <= 100,
    })),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 1);
  if (!process.argv.includes('--no-build'))
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const rows = await measureLanding(runs, process.argv.includes('--larger'));
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([preset, { failed: _failed, scripts: _scripts, ...figures }]) => [
        preset,
        figures,
      ]),
    ),
  );
  for (const [preset, figures] of Object.entries(rows)) {
    console.log(`${preset} scripts (Lighthouse transfer size): ${figures.scripts.join(', ')}`);
    if (figures.failed.length > 0)
      console.log(`${preset}: audits below full score: ${figures.failed.join(', ')}`);
  }
  const mobile = rows.mobile;
  const ok =
    mobile.performance >= 95 &&
    mobile.accessibility === 100 &&
    mobile.bestPractices === 100 &&
    mobile.seo === 100 &&
    mobile.cls <= 0.02;
  console.log(
    ok ? 'Mobile targets met.' : 'Mobile targets NOT met (Performance ≥ 95, others 100, CLS ≤ 0.02).',
  );
}
