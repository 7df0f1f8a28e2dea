import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import getPort from 'get-port';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAllServers, type ServerProcess, startServer } from '../api/helpers/server-process.ts';
import { createTestApp } from '../api/helpers/test-app.ts';
import { type Nginx, startNginx } from './helpers/nginx.ts';

/**
 * Through a real nginx set up as the README says: client addresses come from
 * the proxy's own X-Forwarded-For entry (a client-written one cannot dodge a rate limit), every
 * absolute URL comes from APP_URL (a forged Host or X-Forwarded-Host reaches no link), HSTS goes
 * out over TLS only, and the raw page templates are never served.
 */

const APP_URL = 'https://agency.example';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP/1.1 request with exactly these headers (fetch would not send a chosen Host). */
function request(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForOutbox(dataDir: string, count: number): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    if (files.length >= count) return files.sort().map((f) => path.join(outbox, f));
    if (Date.now() > deadline) throw new Error(`outbox has ${files.length} of ${count} messages`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('behind nginx with TRUST_PROXY=1', { timeout: 120_000 }, () => {
  let app: ServerProcess;
  let proxy: Nginx;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-proxy-'));
    app = await startServer({
      DATA_DIR: dataDir,
      CONTACT_POW: 'off', // the leads are posted without the form's proof of work
      CONTACT_RATE_LIMIT: '5', // low enough that 20 forged addresses cross it
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'a long enough admin password',
      VAULT_PASSWORD: 'a long enough vault password',
      APP_URL,
      TRUST_PROXY: '1',
    });
    proxy = await startNginx(app.url);
  });

  afterAll(async () => {
    await proxy?.stop();
    killAllServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('links in the lead notification come from APP_URL, whatever Host the request named', async () => {
    const res = await request(proxy.url, 'POST', '/api/contact', FORGED, {
      name: 'Olivia Bennett',
      email: 'olivia@example.com',
      message: 'We need a new website.',
    });
    expect(res.status).toBe(201);
    const [file] = await waitForOutbox(dataDir, 1);
    const mail = await PostalMime.parse(fs.readFileSync(file!));
    const links = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${APP_URL}/`), link).toBe(true);
    expect(`${mail.html}${mail.text}`).not.toContain('evil.example');
  });

  it('the sitemap names APP_URL, not the forged host', async () => {
    const res = await request(proxy.url, 'GET', '/sitemap.xml', FORGED);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<loc>${APP_URL}/</loc>`);
    expect(res.body).not.toContain('evil.example');
  });

  it('a client-written X-Forwarded-For does not dodge the contact form limit', async () => {
    // One lead was accepted above; CONTACT_RATE_LIMIT is 5 per 10 minutes.
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await request(
        proxy.url,
        'POST',
        '/api/contact',
        { 'x-forwarded-for': `203.0.113.${i}` },
        { name: `Lead ${i}`, email: `lead${i}@example.com`, message: 'Hello' },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
  });

  it('a client-written X-Forwarded-For does not dodge the sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const res = await request(
        proxy.url,
        'POST',
        '/api/admin/login',
        { 'x-forwarded-for': `203.0.113.${i}` },
        { username: 'owner', password: `guess number ${i}` },
      );
      statuses.push(res.status);
    }
    // LOGIN_RATE_LIMIT is 10 per 15 minutes.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
  });

  it('sends HSTS only over TLS: never over plain HTTP, even when the client claims https', async () => {
    const plain = await request(proxy.url, 'GET', '/', { 'x-forwarded-proto': 'https' });
    expect(plain.status).toBe(200);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // The trusted proxy (loopback, hop 0) saying the client came over TLS.
    const tls = await request(app.url, 'GET', '/', { 'x-forwarded-proto': 'https' });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('never serves the raw page templates or their compressed siblings', async () => {
    for (const file of ['/index.html', '/admin.html', '/404.html']) {
      for (const suffix of ['', '.gz', '.br']) {
        const res = await request(proxy.url, 'GET', `${file}${suffix}`, { 'accept-encoding': 'br, gzip' });
        expect(res.status, `${file}${suffix}`).toBe(404);
        expect(res.body, `${file}${suffix}`).not.toContain('<!--app-');
      }
    }
  });
});

describe('behind nginx on a non-standard port, configured as the README shows', { timeout: 120_000 }, () => {
  // nginx's `proxy_set_header Host $host` forwards the host name without the port, so the app
  // sees `Host: 127.0.0.1` while the browser's Origin is `http://127.0.0.1:PORT`: a check against
  // Host refused every admin write; APP_URL names the public origin (decision 034).
  let app: ServerProcess;
  let proxy: Nginx;
  let dataDir: string;
  let publicUrl: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-proxy-port-'));
    const port = await getPort({ host: '127.0.0.1' });
    publicUrl = `http://127.0.0.1:${port}`;
    app = await startServer({
      DATA_DIR: dataDir,
      CONTACT_POW: 'off', // the leads are posted without the form's proof of work
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'a long enough admin password',
      VAULT_PASSWORD: 'a long enough vault password',
      APP_URL: publicUrl,
      TRUST_PROXY: '1',
    });
    proxy = await startNginx(app.url, port);
  });

  afterAll(async () => {
    await proxy?.stop();
    killAllServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const credentials = { username: 'owner', password: 'a long enough admin password' };

  it('a write whose Origin is APP_URL is accepted, with or without Sec-Fetch-Site', async () => {
    const plain = await request(proxy.url, 'POST', '/api/admin/login', { origin: publicUrl }, credentials);
    expect(plain.status, plain.body).toBe(200);
    const cookie = String(plain.headers['set-cookie']).split(';')[0]!;
    const tag = await request(
      proxy.url,
      'POST',
      '/api/admin/tags',
      { origin: publicUrl, 'sec-fetch-site': 'same-origin', cookie },
      { name: 'Proxy port', color: '#22d3ee' },
    );
    expect(tag.status, tag.body).toBe(201);
  });

  it('a 2 MB CSV import passes through the README block (nginx refuses bodies over 1 MB by default)', async () => {
    const login = await request(proxy.url, 'POST', '/api/admin/login', { origin: publicUrl }, credentials);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const lines = ['Name,Email,Notes'];
    for (let i = 0, size = 0; size < 2 * 1024 * 1024; i++) {
      const line = `Proxy Person ${i},proxy${i}@through-nginx.example,${'a note long enough to fill the file '.repeat(2)}`;
      lines.push(line);
      size += line.length + 1;
    }
    const boundary = '----through-nginx';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n` +
        `${lines.join('\n')}\n\r\n--${boundary}--\r\n`,
    );
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        `${proxy.url}/api/admin/contacts/import`,
        {
          method: 'POST',
          headers: {
            origin: publicUrl,
            cookie,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        },
        (answer) => {
          let text = '';
          answer.setEncoding('utf8');
          answer.on('data', (c) => (text += c));
          answer.on('end', () =>
            resolve({ status: answer.statusCode!, headers: answer.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ create: lines.length - 1, invalidCount: 0 });
  });

  it('a write naming another origin, or the port-less Host, is still refused', async () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1',
      `http://127.0.0.1:${app.url.split(':')[2]}`,
    ]) {
      const res = await request(proxy.url, 'POST', '/api/admin/login', { origin }, credentials);
      expect(res.status, origin).toBe(403);
      expect(JSON.parse(res.body).error).toBe('Cross-site requests are not allowed.');
    }
    const crossSite = await request(
      proxy.url,
      'POST',
      '/api/admin/login',
      { origin: publicUrl, 'sec-fetch-site': 'cross-site' },
      credentials,
    );
    expect(crossSite.status).toBe(403);
  });
});

describe('where absolute URLs come from', () => {
  it('without APP_URL (loopback only) links name localhost, never the request Host', async () => {
    const t = await createTestApp({ PORT: '3000', CONTACT_POW: 'off' }, { withPages: true });
    try {
      const lead = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: FORGED,
        payload: { name: 'Olivia Bennett', email: 'olivia@example.com', message: 'Hello' },
      });
      expect(lead.statusCode).toBe(201);
      const queued = (await t.database.db.execute(sql`select html from mail_queue`)) as unknown as {
        rows: { html: string }[];
      };
      const html = queued.rows.map((r) => r.html).join('\n');
      expect(html).toContain('href="http://localhost:3000/admin/contacts/');
      expect(html).not.toContain('evil.example');
      const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: FORGED });
      expect(sitemap.body).toContain('<loc>http://localhost:3000/</loc>');
      expect(sitemap.body).not.toContain('evil.example');
    } finally {
      await t.close();
    }
  });

  it('no server code reads the request host except the CSRF origin check and the request log', () => {
    const root = path.resolve(import.meta.dirname, '../../src/server');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ts$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          if (
            /\b(request|req)\.(host|hostname)\b|headers\[?\.?['"]?(x-forwarded-host|host)['"]?\]?/.test(text)
          ) {
            offenders.push(path.relative(root, full));
          }
        }
      }
    };
    walk(root);
    // The CSRF check compares it with Origin; the request log records it. Neither builds a link.
    expect(offenders.sort()).toEqual(['logging.ts', 'plugins/security.ts']);
  });
});
