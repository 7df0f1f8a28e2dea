import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './harness.ts';

const server = await startServer({ LOG_LEVEL: 'warn' });
const runs = Number(process.argv[2] ?? 3);
try {
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const result = await lighthouse(`${server.url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    chrome.kill();
    const a = result!.lhr.audits;
    console.log(`run ${i}: perf ${Math.round((result!.lhr.categories.performance!.score ?? 0) * 100)} TBT ${Math.round(a['total-blocking-time']!.numericValue!)} LCP ${Math.round(a['largest-contentful-paint']!.numericValue!)} FCP ${Math.round(a['first-contentful-paint']!.numericValue!)} SI ${Math.round(a['speed-index']!.numericValue!)}`);
    const lt = (a['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] })?.items ?? [];
    for (const t of lt) console.log(`  long task ${Math.round(t.startTime)} +${Math.round(t.duration)} ${t.url.replace(server.url, '')}`);
    const boot = (a['bootup-time']?.details as { items?: { url: string; total: number; scripting: number; scriptParseCompile: number }[] })?.items ?? [];
    for (const b of boot) console.log(`  bootup ${b.url.replace(server.url, '')} total ${Math.round(b.total)} scripting ${Math.round(b.scripting)} parse ${Math.round(b.scriptParseCompile)}`);
    const mt = (a['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] })?.items ?? [];
    console.log('  main thread: ' + mt.map((m) => `${m.groupLabel} ${Math.round(m.duration)}`).join(', '));
  }
} finally {
  await server.stop();
}
