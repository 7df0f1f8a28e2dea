import { startServer, wrk, type RunningServer } from './bench/harness.ts';
import { adminCookieOverHttp, percentile } from './bench/lib.ts';
const SECRET = 'bench-site-publish-app-secret-0123456789abcdef';
const mode = process.argv[2] ?? 'publish-first'; // aa | publish-first | publish-second
const rounds = Number(process.argv[3] ?? 6);
async function traffic(s: RunningServer, publish: boolean) {
  const cookie = await adminCookieOverHttp(s.url);
  const headers = { cookie, origin: s.url, 'content-type': 'application/json' };
  const state = (await (await fetch(`${s.url}/api/admin/site`, { headers })).json()) as any;
  for (let i = 0; i < 5; i++) {
    const draft = { ...state.draft, hero: { ...state.draft.hero, intro: `Bench ${Date.now()} ${i}` } };
    await fetch(`${s.url}/api/admin/site/draft`, { method: 'PUT', headers, body: JSON.stringify(draft) });
    if (publish) {
      const r = await fetch(`${s.url}/api/admin/site/publish`, { method: 'POST', headers: { cookie, origin: s.url } });
      if (!r.ok) throw new Error(String(r.status));
    }
    for (let j = 0; j < 40; j++) await (await fetch(`${s.url}/`, { headers: { 'accept-encoding': 'identity' } })).text();
    await new Promise((r) => setTimeout(r, 300));
  }
}
const a = await startServer({ APP_SECRET: SECRET, LOG_LEVEL: 'silent' });
const b = await startServer({ APP_SECRET: SECRET, LOG_LEVEL: 'silent' });
try {
  await traffic(a, mode === 'publish-first');
  await traffic(b, mode === 'publish-second');
  const rate = async (s: RunningServer) => (await wrk(`${s.url}/`, { seconds: 3, headers: ['Accept-Encoding: gzip'] })).requestsPerSecond;
  await rate(a); await rate(b);
  const ra: number[] = [], rb: number[] = [];
  for (let i = 0; i < rounds; i++) { ra.push(await rate(a)); rb.push(await rate(b)); }
  console.log(mode, 'first', ra.map((x) => Math.round(x)).join(' '), '| second', rb.map((x) => Math.round(x)).join(' '), '| ratio first/second', (percentile(ra, 50) / percentile(rb, 50)).toFixed(2));
} finally { await a.stop(); await b.stop(); }
