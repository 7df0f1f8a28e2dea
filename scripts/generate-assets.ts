/**
 * Generates the landing's binary assets (`npm run assets`); the small outputs are committed, so
 * the build never runs this. Needs Debian's Chromium (/usr/bin/chromium) and ffmpeg.
 *
 *   - src/web/landing/assets/projects/<id>.{mp4,webm,jpg}: a 4-second looping screen recording
 *     per current project (spec §2 'phone-frame video'; the phone frame itself is CSS). Each screen
 *     is a small HTML mock-up animated with CSS; the browser renders it frame by frame (animations
 *     paused and stepped through the Web Animations API), ffmpeg encodes H.264 (+faststart) and
 *     VP9, and frame 0 becomes the poster.
 *   - src/web/public/{apple-touch-icon.png,icon-192.png,icon-512.png,og-image.png}: the favicon
 *     set and the Open Graph card, rendered from the SVG logo.
 *   - src/web/public/icon-maskable-{192,512}.png (`--only=admin-icons`): the installable admin's
 *     maskable icons (decision 071): the logo inside the central 80 % circle a launcher may crop
 *     to, on a background that fills the square.
 *
 * Usage: node --import tsx scripts/generate-assets.ts [--only=<project id>]
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const projectsDir = path.join(root, 'src/web/landing/assets/projects');
const publicDir = path.join(root, 'src/web/public');
const WIDTH = 288;
const HEIGHT = 576;
const FPS = 20;
const SECONDS = 4;

const BASE_CSS = `
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
  body { font: 13px/1.35 'DejaVu Sans', system-ui, sans-serif; color: #eef2ff; background: #0c0f24; }
  .bar { position: relative; z-index: 5; background: #0c0f24; height: 28px; display: flex; align-items: center; justify-content: space-between; padding: 0 16px; font-size: 10px; opacity: .8; }
  .row { display: flex; align-items: center; gap: 8px; }
  .pill { border-radius: 999px; padding: 3px 9px; font-size: 10px; font-weight: 600; }
  .card { border-radius: 14px; background: #161a36; border: 1px solid #ffffff14; padding: 12px; }
  .line { height: 7px; border-radius: 4px; background: #ffffff1f; }
  .muted { color: #9aa3c7; }
  .grad { background: linear-gradient(120deg, #3ee0f0, #4f6ef7 55%, #f0449c); }
  .gradtext { background: linear-gradient(100deg, #3ee0f0, #4f6ef7 50%, #f0449c); -webkit-background-clip: text; color: transparent; }
`;

/** One mock-up per project: markup plus CSS animations with a 4 s period (seamless loop). */
const screens: Record<string, string> = {
  'agency-website': `
    <style>
      .scroll { animation: scroll 4s ease-in-out infinite; }
      @keyframes scroll { 0%, 15% { transform: translateY(0) } 45%, 65% { transform: translateY(-250px) } 92%, 100% { transform: translateY(0) } }
      .toast { position: absolute; left: 14px; right: 14px; top: 40px; animation: toast 4s ease-in-out infinite; }
      @keyframes toast { 0%, 48% { transform: translateY(-120px) } 56%, 84% { transform: translateY(0) } 92%, 100% { transform: translateY(-120px) } }
      .glow { position: absolute; width: 260px; height: 260px; border-radius: 50%; filter: blur(40px); opacity: .5; }
      .cta { animation: pulse 2s ease-in-out infinite; }
      @keyframes pulse { 0%, 100% { box-shadow: 0 0 0 0 #f0449c66 } 50% { box-shadow: 0 0 0 8px #f0449c00 } }
    </style>
    <div class="glow" style="background:#4f6ef7;left:-90px;top:-60px"></div>
    <div class="glow" style="background:#f0449c;right:-120px;top:120px;opacity:.35"></div>
    <div class="bar"><span>9:41</span><span>●●● ▮</span></div>
    <div class="scroll" style="position:relative;padding:10px 18px">
      <div class="row" style="justify-content:space-between"><div class="row"><div class="grad" style="width:22px;height:22px;border-radius:7px"></div><b>Studio</b></div><span class="muted">☰</span></div>
      <div style="margin-top:34px;font-size:30px;font-weight:800;line-height:1.08">Build Fast.<br><span class="gradtext">Think Big.</span><br>Deliver Impact.</div>
      <p class="muted" style="margin-top:12px">Websites, apps and AI workflows with a built-in mini CRM.</p>
      <div class="row" style="margin-top:18px"><div class="pill grad cta" style="padding:9px 14px;color:#fff">Start a project</div><div class="pill" style="padding:9px 14px;border:1px solid #ffffff33">Services</div></div>
      <div style="display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin-top:26px;text-align:center">
        <div class="card" style="padding:9px 4px"><b class="gradtext" style="font-size:17px">12+</b><div class="muted" style="font-size:9px">Years</div></div>
        <div class="card" style="padding:9px 4px"><b class="gradtext" style="font-size:17px">100+</b><div class="muted" style="font-size:9px">Projects</div></div>
        <div class="card" style="padding:9px 4px"><b class="gradtext" style="font-size:17px">24hr</b><div class="muted" style="font-size:9px">Response</div></div>
      </div>
      <div style="margin-top:26px;font-weight:700;font-size:17px">Every Site Gets a Brain</div>
      ${['Form Submissions', 'Simple Analytics', 'Follow-Up System', 'Smart Intake & Triage']
        .map(
          (title, i) =>
            `<div class="card" style="margin-top:10px"><div class="row"><div style="width:26px;height:26px;border-radius:8px;background:${['#3ee0f033', '#4f6ef733', '#f0449c33', '#3ee0f033'][i]}"></div><b>${title}</b></div><div class="line" style="margin-top:9px;width:92%"></div><div class="line" style="margin-top:6px;width:70%"></div></div>`,
        )
        .join('')}
    </div>
    <div class="toast card" style="border-color:#3ee0f066;box-shadow:0 10px 30px #0008"><div class="row"><div style="width:8px;height:8px;border-radius:50%;background:#3ee0f0"></div><b>New lead</b><span class="muted" style="margin-left:auto;font-size:10px">now</span></div><div class="muted" style="margin-top:4px">Maya R. · Website + online booking</div></div>
  `,
  'document-analysis': `
    <style>
      .scan { position: absolute; left: 0; right: 0; height: 34px; background: linear-gradient(180deg, #3ee0f000, #3ee0f055, #3ee0f000); animation: scan 4s linear infinite; }
      @keyframes scan { 0% { top: 0 } 70% { top: 230px } 70.1%, 100% { top: -40px } }
      .hl { animation: hl 4s linear infinite; }
      @keyframes hl { 0%, 20% { background: #ffffff1f } 30%, 88% { background: #f0449c88 } 96%, 100% { background: #ffffff1f } }
      .fact { opacity: 0; animation: fact 4s ease-out infinite; }
      @keyframes fact { 0% { opacity: 0; transform: translateX(-12px) } 12% { opacity: 1; transform: none } 88% { opacity: 1 } 97%, 100% { opacity: 0 } }
      .progress { animation: prog 4s linear infinite; transform-origin: left; }
      @keyframes prog { 0% { transform: scaleX(.05) } 80%, 100% { transform: scaleX(1) } }
    </style>
    <div class="bar"><span>9:41</span><span>●●● ▮</span></div>
    <div style="padding:8px 16px">
      <div class="row" style="justify-content:space-between"><b style="font-size:15px">Contract review</b><span class="pill" style="background:#f0449c33;color:#ffb3da">AI</span></div>
      <div class="card" style="position:relative;overflow:hidden;margin-top:12px;height:250px;background:#f4f6ff;border:0">
        <div class="scan"></div>
        <div style="height:10px;width:60%;border-radius:4px;background:#1c2350"></div>
        ${Array.from({ length: 14 }, (_, i) => `<div class="${i === 3 || i === 8 || i === 11 ? 'hl' : ''}" style="height:6px;border-radius:3px;margin-top:${i % 4 === 0 ? 14 : 7}px;width:${[92, 84, 96, 70, 88, 94, 60, 90, 78, 86, 95, 66, 80, 50][i]}%;background:#1c235033"></div>`).join('')}
      </div>
      <div class="row" style="margin-top:12px;justify-content:space-between"><span class="muted">Analysing…</span><span class="muted">3 key facts</span></div>
      <div style="height:6px;border-radius:3px;background:#ffffff14;margin-top:6px;overflow:hidden"><div class="progress grad" style="height:100%"></div></div>
      ${[
        ['Renewal date', '14 Mar 2026', '#3ee0f0', '0.9s'],
        ['Notice period', '90 days', '#4f6ef7', '1.5s'],
        ['Liability cap', 'Needs review', '#f0449c', '2.1s'],
      ]
        .map(
          ([label, value, color, delay]) =>
            `<div class="card fact" style="margin-top:9px;animation-delay:${delay};padding:9px 12px"><div class="row"><div style="width:8px;height:8px;border-radius:50%;background:${color}"></div><span class="muted">${label}</span><b style="margin-left:auto">${value}</b></div></div>`,
        )
        .join('')}
    </div>
  `,
  'auto-services': `
    <style>
      .list { animation: list 4s ease-in-out infinite; }
      @keyframes list { 0%, 20% { transform: translateY(0) } 45%, 100% { transform: translateY(-96px) } }
      .sel { animation: sel 4s ease-in-out infinite; }
      @keyframes sel { 0%, 45% { border-color: #ffffff14 } 52%, 95% { border-color: #3ee0f0 } 100% { border-color: #ffffff14 } }
      .sheet { position: absolute; left: 0; right: 0; bottom: 0; animation: sheet 4s cubic-bezier(.2,.8,.2,1) infinite; }
      @keyframes sheet { 0%, 55% { transform: translateY(100%) } 65%, 92% { transform: translateY(0) } 100% { transform: translateY(100%) } }
      .pin { animation: pin 1s ease-in-out infinite alternate; }
      @keyframes pin { from { transform: translateY(0) } to { transform: translateY(-5px) } }
    </style>
    <div class="bar"><span>9:41</span><span>●●● ▮</span></div>
    <div style="position:relative;height:150px;margin:6px 14px;border-radius:16px;overflow:hidden;background:linear-gradient(135deg,#16204a,#1d2f5c)">
      ${Array.from({ length: 7 }, (_, i) => `<div style="position:absolute;left:0;right:0;top:${i * 24}px;height:1px;background:#ffffff10"></div><div style="position:absolute;top:0;bottom:0;left:${i * 44}px;width:1px;background:#ffffff10"></div>`).join('')}
      <div style="position:absolute;left:-10px;top:70px;width:320px;height:10px;background:#ffffff18;transform:rotate(-12deg)"></div>
      ${[
        [60, 40, '#3ee0f0'],
        [170, 70, '#f0449c'],
        [120, 100, '#4f6ef7'],
      ]
        .map(
          ([x, y, c]) =>
            `<div class="pin" style="position:absolute;left:${x}px;top:${y}px;width:18px;height:18px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:${c};box-shadow:0 0 14px ${c}"></div>`,
        )
        .join('')}
    </div>
    <div style="padding:4px 14px;height:380px;overflow:hidden">
      <div class="row" style="justify-content:space-between"><b style="font-size:15px">Garages near you</b><span class="muted">Sort: rating</span></div>
      <div class="list">
      ${[
        ['Becker Auto Care', '4.9', 'Oil change · from $49', false],
        ['Harbor Motors', '4.8', 'Brakes · from $120', true],
        ['Northside Tyres', '4.7', 'Tyres · from $65', false],
        ['QuickFix Garage', '4.6', 'Service · from $89', false],
        ['Eastend Auto', '4.5', 'Diagnostics · from $40', false],
      ]
        .map(
          ([name, rating, sub, selected]) =>
            `<div class="card ${selected ? 'sel' : ''}" style="margin-top:9px"><div class="row"><div style="width:34px;height:34px;border-radius:10px;background:#4f6ef733;display:grid;place-items:center;font-weight:700;color:#9fb0ff">${String(
              name,
            )
              .split(' ')
              .map((w) => w[0])
              .join(
                '',
              )}</div><div><b>${name}</b><div class="muted" style="font-size:11px">${sub}</div></div><span style="margin-left:auto;color:#ffd166">★ ${rating}</span></div></div>`,
        )
        .join('')}
      </div>
    </div>
    <div class="sheet card" style="border-radius:20px 20px 0 0;padding:16px;background:#1a1f44">
      <b>Harbor Motors · Brakes</b>
      <div class="row" style="margin-top:10px">${['9:00', '11:30', '14:00', '16:30'].map((t, i) => `<span class="pill" style="background:${i === 2 ? '#3ee0f0' : '#ffffff14'};color:${i === 2 ? '#0c0f24' : '#eef2ff'}">${t}</span>`).join('')}</div>
      <div class="pill grad" style="margin-top:12px;text-align:center;padding:10px;font-size:12px;color:#fff">Book &amp; pay $120</div>
    </div>
  `,
  'maritime-store': `
    <style>
      .grid { animation: grid 4s ease-in-out infinite; }
      @keyframes grid { 0%, 10% { transform: translateY(0) } 40%, 70% { transform: translateY(-130px) } 95%, 100% { transform: translateY(0) } }
      .badge1 { animation: b1 4s steps(1) infinite; }
      @keyframes b1 { 0%, 50% { opacity: 1 } 50.1%, 100% { opacity: 0 } }
      .badge2 { animation: b2 4s steps(1) infinite; }
      @keyframes b2 { 0%, 50% { opacity: 0 } 50.1%, 100% { opacity: 1 } }
      .bump { animation: bump 4s ease-out infinite; }
      @keyframes bump { 0%, 49% { transform: scale(1) } 53% { transform: scale(1.35) } 60%, 100% { transform: scale(1) } }
      .add { animation: add 4s ease-out infinite; }
      @keyframes add { 0%, 44% { background: #ffffff14 } 47%, 60% { background: #3ee0f0 } 70%, 100% { background: #ffffff14 } }
      .wave { animation: wave 2s linear infinite; }
      @keyframes wave { from { transform: translateX(0) } to { transform: translateX(-40px) } }
    </style>
    <div class="bar"><span>9:41</span><span>●●● ▮</span></div>
    <div style="padding:6px 14px">
      <div class="row" style="justify-content:space-between"><div class="row"><div class="grad" style="width:22px;height:22px;border-radius:7px"></div><b style="font-size:16px">Saltline</b></div>
        <div class="bump" style="position:relative;width:30px;height:30px;border-radius:10px;background:#ffffff14;display:grid;place-items:center"><svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="#eef2ff" stroke-width="2"><path d="M3 4h2l2.4 11h10.8L21 8H7"/><circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/></svg>
          <span class="badge1 pill" style="position:absolute;right:-6px;top:-6px;background:#f0449c;padding:1px 5px">2</span>
          <span class="badge2 pill" style="position:absolute;right:-6px;top:-6px;background:#f0449c;padding:1px 5px">3</span>
        </div>
      </div>
      <div style="position:relative;overflow:hidden;margin-top:10px;height:96px;border-radius:16px;background:linear-gradient(135deg,#0e4d7a,#1b2b6b)">
        <div style="position:absolute;left:16px;top:16px"><b style="font-size:16px">Summer Sail</b><div class="muted" style="color:#cfe8ff">New deck collection</div></div>
        <svg class="wave" width="360" height="40" viewBox="0 0 360 40" style="position:absolute;bottom:0;left:0"><path d="M0 20 Q10 8 20 20 T40 20 T60 20 T80 20 T100 20 T120 20 T140 20 T160 20 T180 20 T200 20 T220 20 T240 20 T260 20 T280 20 T300 20 T320 20 T340 20 T360 20 V40 H0Z" fill="#3ee0f055"/></svg>
      </div>
    </div>
    <div style="height:420px;overflow:hidden;padding:0 14px">
      <div class="grid" style="display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:6px">
        ${[
          ['Breton Tee', '$38', '#3ee0f0', '50%'],
          ['Deck Shoes', '$84', '#4f6ef7', '14px'],
          ['Rope Bracelet', '$19', '#f0449c', '50%'],
          ['Sailor Cap', '$29', '#3ee0f0', '40% 40% 8px 8px'],
          ['Canvas Bag', '$45', '#4f6ef7', '8px'],
          ['Brass Compass', '$62', '#f0449c', '50%'],
          ['Rain Jacket', '$120', '#3ee0f0', '10px 10px 30px 30px'],
          ['Mug Set', '$24', '#4f6ef7', '6px 6px 18px 18px'],
        ]
          .map(
            ([name, price, color, shape], i) =>
              `<div class="card" style="padding:8px"><div style="height:74px;border-radius:10px;background:${color}26;display:grid;place-items:center"><div style="width:40px;height:40px;border-radius:${shape};background:linear-gradient(135deg,${color},#ffffffaa);opacity:.85"></div></div><div style="margin-top:6px;font-size:11px"><b>${name}</b></div><div class="row" style="justify-content:space-between;margin-top:3px"><span class="muted">${price}</span><span class="${i === 3 ? 'add' : ''}" style="width:20px;height:20px;border-radius:7px;background:#ffffff14;display:grid;place-items:center">+</span></div></div>`,
          )
          .join('')}
      </div>
    </div>
  `,
};

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Renders one screen frame by frame into `dir/frame-0000.png`… */
async function renderFrames(page: Page, html: string, dir: string): Promise<void> {
  await page.setContent(
    `<!doctype html><html><head><style>${BASE_CSS}</style></head><body>${html}</body></html>`,
  );
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) animation.pause();
  });
  const frames = FPS * SECONDS;
  for (let i = 0; i < frames; i++) {
    const ms = (i * 1000) / FPS;
    await page.evaluate((time) => {
      for (const animation of document.getAnimations()) animation.currentTime = time;
    }, ms);
    await page.screenshot({ path: path.join(dir, `frame-${String(i).padStart(4, '0')}.png`) });
  }
}

async function encodeProject(page: Page, id: string, html: string): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `frames-${id}-`));
  try {
    await renderFrames(page, html, dir);
    const input = [
      '-y',
      '-loglevel',
      'error',
      '-framerate',
      String(FPS),
      '-i',
      path.join(dir, 'frame-%04d.png'),
    ];
    const out = (ext: string) => path.join(projectsDir, `${id}.${ext}`);
    run('ffmpeg', [
      ...input,
      ...[
        '-c:v',
        'libx264',
        '-profile:v',
        'main',
        '-preset',
        'veryslow',
        '-crf',
        '30',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-movflags', '+faststart', '-an', out('mp4')],
    ]);
    run('ffmpeg', [
      ...input,
      ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good'],
      ...['-pix_fmt', 'yuv420p', '-an', out('webm')],
    ]);
    run('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-i',
      path.join(dir, 'frame-0000.png'),
      '-q:v',
      '6',
      out('jpg'),
    ]);
    const sizes = await Promise.all(['mp4', 'webm', 'jpg'].map(async (ext) => (await stat(out(ext))).size));
    console.log(`${id}: mp4 ${kb(sizes[0])}, webm ${kb(sizes[1])}, poster ${kb(sizes[2])}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function renderMaskableIcons(page: Page): Promise<void> {
  const logo = await readFile(path.join(root, 'src/web/assets/brand-logo.svg'), 'utf8');
  const logoUri = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
  for (const size of [192, 512]) {
    // The logo's box at half the side: its corners stay within the safe zone's radius (40 %).
    const logoSize = Math.round(size / 2);
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:#0c0f24;display:grid;place-items:center;width:${size}px;height:${size}px"><img src="${logoUri}" style="width:${logoSize}px;height:${logoSize}px"></body>`,
    );
    await page.screenshot({ path: path.join(publicDir, `icon-maskable-${size}.png`) });
  }
}

async function renderIcons(page: Page): Promise<void> {
  const logo = await readFile(path.join(root, 'src/web/assets/brand-logo.svg'), 'utf8');
  const logoUri = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
  for (const [name, size, pad] of [
    ['apple-touch-icon.png', 180, 22],
    ['icon-192.png', 192, 24],
    ['icon-512.png', 512, 64],
  ] as const) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:#0c0f24;display:grid;place-items:center;width:${size}px;height:${size}px"><img src="${logoUri}" style="width:${size - 2 * pad}px;height:${size - 2 * pad}px"></body>`,
    );
    await page.screenshot({ path: path.join(publicDir, name) });
  }
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(`<!doctype html><html><head><style>${BASE_CSS}
    html, body { width: 1200px; height: 630px; }
    body { display: flex; align-items: center; gap: 56px; padding: 0 96px; background:
      radial-gradient(700px 420px at 0% 0%, #4f6ef766, transparent 70%),
      radial-gradient(600px 420px at 100% 20%, #f0449c4d, transparent 70%), #0c0f24; }
  </style></head><body>
    <img src="${logoUri}" style="width:220px;height:220px">
    <div>
      <div style="font-size:22px;letter-spacing:.2em;text-transform:uppercase;color:#3ee0f0;font-weight:700">Websites · Apps · AI workflows</div>
      <div style="font-size:76px;font-weight:800;line-height:1.05;margin-top:18px">Build Fast.<br><span class="gradtext">Think Big.</span><br>Deliver Impact.</div>
      <div class="muted" style="font-size:26px;margin-top:22px">Every site ships with a built-in mini CRM.</div>
    </div>
  </body></html>`);
  await page.screenshot({ path: path.join(publicDir, 'og-image.png') });
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    path.join(publicDir, 'og-image.png'),
    '-q:v',
    '4',
    path.join(publicDir, 'og-image.jpg'),
  ]);
  await rm(path.join(publicDir, 'og-image.png'));
  console.log('icons and og-image.jpg written to src/web/public/');
}

function kb(bytes: number | undefined): string {
  return `${((bytes ?? 0) / 1024).toFixed(1)} KB`;
}

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
await mkdir(projectsDir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  for (const [id, html] of Object.entries(screens)) {
    if (!only || only === id) await encodeProject(page, id, html);
  }
  if (!only || only === 'icons') await renderIcons(page);
  if (!only || only === 'admin-icons') await renderMaskableIcons(page);
} finally {
  await browser.close();
}
