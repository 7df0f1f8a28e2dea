import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAllServers, type ServerProcess, signInTo, startServer } from './helpers/server-process.ts';

/**
 * The CSV import against the real server process on the embedded database (decision 059), over
 * real sockets: an upload cut off mid-way does not end the process and leaves no file; a stalled
 * upload and a large import running at once leave leads and /readyz answered while it runs.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-import-proc-'));
let server: ServerProcess;
let cookie: string;

const BOUNDARY = '----agency-import-process';
const PREAMBLE = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\n\r\n`;
const CLOSING = `\r\n--${BOUNDARY}--\r\n`;

/** `rows` rows of a CSV file named by `domain`. */
function csv(rows: number, domain: string): string {
  const lines = ['Name,Email,Phone,Tags'];
  for (let i = 0; i < rows; i++) lines.push(`Person ${i},person${i}@${domain},+1 555 ${i},Imported`);
  return `${lines.join('\n')}\n`;
}

/**
 * Opens a socket and sends an import's headers (declaring `length` bytes of body) and `first`;
 * the caller sends the rest, or never does.
 */
async function openUpload(length: number, first: string, query = ''): Promise<net.Socket> {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  socket.write(
    `POST /api/admin/contacts/import${query} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\n` +
      `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Content-Length: ${length}\r\n\r\n${first}`,
  );
  return socket;
}

const tmpFiles = () => {
  const dir = path.join(dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** Posts a lead; @returns its status and how long the answer took (ms). */
async function postLead(i: number): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const res = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Amara Okafor ${i}`,
      email: `amara${i}@lead.example`,
      message: 'We need a booking page for our bakery before the summer.',
    }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start };
}

async function readyz(): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const res = await fetch(`${server.url}/readyz`);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start };
}

describe.runIf(!process.env.TEST_DATABASE_URL)(
  'the CSV import in the server process',
  { timeout: 900_000 },
  () => {
    beforeAll(async () => {
      server = await startServer({
        DATA_DIR: dataDir,
        CONTACT_POW: 'off', // the leads are posted without the form's proof of work
        CONTACT_RATE_LIMIT: '100000',
      });
      cookie = await signInTo(server.url);
    });
    afterAll(() => {
      killAllServers();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('an upload cut off mid-way leaves the process serving, and no file and no rows behind', async () => {
      const body = `${PREAMBLE}${csv(20_000, 'aborted.example')}${CLOSING}`;
      for (const query of ['?dryRun=true', '']) {
        const socket = await openUpload(body.length, body.slice(0, 300_000), query);
        await new Promise((r) => setTimeout(r, 300));
        socket.destroy();
      }
      await new Promise((r) => setTimeout(r, 500));
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await postLead(0)).status).toBe(201);
      expect(tmpFiles()).toEqual([]);
      const list = await fetch(`${server.url}/api/admin/contacts?q=aborted.example`, { headers: { cookie } });
      expect(await list.json()).toEqual([]);
      expect(server.output()).not.toContain("Unhandled 'error' event");
    });

    it('a stalled upload and a large import at once: leads and /readyz keep being answered, every lead kept', async () => {
      // How long a lead waits beside an import is a benchmark's figure (npm run bench:import: the
      // longest wait at 1,000,000 rows), not this test's: here, beside the other suites on two
      // cores, a one-second bound failed on machine load alone (decision 059's addendum). What
      // holds on any machine: leads posted one after another are answered while the import runs
      // (not queued behind it), none fails, and every one is in the list afterwards.
      const rows = Number(process.env.IMPORT_PROCESS_ROWS ?? 20_000);
      // An upload that sends 68 KB and then nothing.
      const stalledBody = `${PREAMBLE}${csv(2_000, 'stalled.example')}${CLOSING}`;
      const stalled = await openUpload(stalledBody.length, stalledBody.slice(0, 68_000));
      let stalledAnswer = '';
      stalled.on('data', (c) => (stalledAnswer += c));

      const body = Buffer.from(`${PREAMBLE}${csv(rows, 'bulk.example')}${CLOSING}`);
      let done = false;
      // node:http rather than fetch: fetch gives up waiting for an answer after 300 s.
      const importing = new Promise<{ status: number; body: { create?: number } }>((resolve, reject) => {
        const req = http.request(
          `${server.url}/api/admin/contacts/import`,
          {
            method: 'POST',
            headers: {
              cookie,
              origin: server.url,
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
              'content-length': body.length,
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c) => (text += c));
            res.on('end', () => {
              done = true;
              resolve({ status: res.statusCode!, body: JSON.parse(text) });
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      });

      const leads: { status: number; ms: number }[] = [];
      const checks: { status: number; ms: number }[] = [];
      for (let i = 1; !done; i++) {
        const [lead, ready] = await Promise.all([postLead(i), readyz()]);
        leads.push(lead);
        checks.push(ready);
        await new Promise((r) => setTimeout(r, 400));
      }
      const imported = await importing;
      expect(imported.status).toBe(200);
      expect(imported.body.create).toBe(rows);
      expect(leads.length).toBeGreaterThan(5);
      expect(leads.every((l) => l.status === 201)).toBe(true);
      expect(checks.every((c) => c.status === 200)).toBe(true);
      const worst = (list: { ms: number }[]) => Math.max(...list.map((l) => l.ms));
      console.log(
        `import of ${rows} rows: ${leads.length} leads, longest wait ${worst(leads).toFixed(0)} ms; ` +
          `/readyz longest ${worst(checks).toFixed(0)} ms`,
      );
      const kept = await fetch(`${server.url}/api/admin/contacts?q=lead.example&limit=200`, {
        headers: { cookie },
      });
      const emails = new Set(((await kept.json()) as { email: string }[]).map((c) => c.email));
      for (let i = 1; i <= leads.length; i++)
        expect(emails.has(`amara${i}@lead.example`), String(i)).toBe(true);
      stalled.destroy();
      await new Promise((r) => setTimeout(r, 300));
      expect(tmpFiles()).toEqual([]);
    });
  },
);
