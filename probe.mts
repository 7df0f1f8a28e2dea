import { startServer } from './bench/harness.ts';
import { adminCookieOverHttp } from './bench/lib.ts';
const s = await startServer({ APP_SECRET: 'bench-site-publish-app-secret-0123456789abcdef', LOG_LEVEL: 'silent' });
const show = async (label: string) => {
  for (const enc of ['gzip', 'identity']) {
    const r = await fetch(`${s.url}/`, { headers: { 'accept-encoding': enc } });
    const b = Buffer.from(await r.arrayBuffer());
    console.log(label, enc, b.length, JSON.stringify([...r.headers.entries()].filter(([k]) => !['date'].includes(k))).length);
  }
  const r = await fetch(`${s.url}/`, { headers: { 'accept-encoding': 'gzip' } });
  console.log([...r.headers.entries()].map(([k,v])=>k+': '+v.slice(0,80)).join('\n'));
};
await show('before');
const cookie = await adminCookieOverHttp(s.url);
const headers = { cookie, origin: s.url, 'content-type': 'application/json' };
const state = await (await fetch(`${s.url}/api/admin/site`, { headers })).json() as any;
const draft = { ...state.draft, hero: { ...state.draft.hero, intro: state.draft.hero.intro + ' x' } };
console.log((await fetch(`${s.url}/api/admin/site/draft`, { method: 'PUT', headers, body: JSON.stringify(draft) })).status);
console.log((await fetch(`${s.url}/api/admin/site/publish`, { method: 'POST', headers: { cookie, origin: s.url } })).status);
await new Promise(r => setTimeout(r, 1500));
await show('after');
await s.stop();
