import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/index.ts';
import { resultRows } from '../../src/server/campaigns/campaign-audience.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * How the CSV import receives and reads a file (decision 059): the encodings a spreadsheet
 * writes (UTF-8, UTF-16 with BOM, Windows-1252 from Excel on Windows), the limits answered in
 * words (a file over 100 MB, a stalled upload, a cut-off or compressed body), an import that
 * stops halfway and finishes on a second try, and two imports of the same people at once.
 * Every refusal leaves no row and no temporary file.
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { app: { importIdleMs: 500 } });
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

const BOUNDARY = '----agency-import-test';

/** A multipart body holding `file` as the part `file` (and the given text fields first). */
function multipart(file: Buffer, fields: Record<string, string> = {}): Buffer {
  const head = Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(
      `${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function post(
  payload: Buffer | Readable,
  options: { dryRun?: boolean; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/contacts/import${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...options.headers },
    payload,
  });
}

const count = async (like = '%') =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)` })
        .from(contacts)
        .where(sql`${contacts.email} like ${like}`)
    )[0]!.n,
  );
const nameOf = async (email: string) =>
  (await t.database.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email}`))[0]?.name;
/** Temporary import files left in the data folder. */
const leftovers = () => {
  const dir = path.join(t.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('CSV import: encodings', () => {
  it('reads a Windows-1252 file (Excel on Windows) as such and says so; never mojibake', async () => {
    const csv = Buffer.from(
      'Name;Email\r\nJürgen Müller;juergen@cp1252.example\r\nZoë Façade;zoe@cp1252.example\r\n',
      'latin1',
    );
    expect(csv.includes(0xfc)).toBe(true); // ü as one byte: not UTF-8
    const dry = await post(multipart(csv), { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ create: 2, encoding: 'windows-1252' });
    const applied = await post(multipart(csv));
    expect(applied.json()).toMatchObject({ create: 2, encoding: 'windows-1252' });
    expect(await nameOf('juergen@cp1252.example')).toBe('Jürgen Müller');
    expect(await nameOf('zoe@cp1252.example')).toBe('Zoë Façade');
  });

  it('reads UTF-8 with and without BOM and UTF-16 LE and BE with BOM', async () => {
    const text = 'Name,Email\nRenée Çelik,renee@{x}.example\n';
    const utf8 = await post(multipart(Buffer.from(text.replace('{x}', 'utf8'))));
    expect(utf8.json()).toMatchObject({ create: 1, encoding: 'utf-8' });
    const bom = await post(multipart(Buffer.from(`\uFEFF${text.replace('{x}', 'bom')}`)));
    expect(bom.json()).toMatchObject({ create: 1, encoding: 'utf-8', headers: ['Name', 'Email'] });
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace('{x}', 'le'), 'utf16le')]);
    expect((await post(multipart(le))).json()).toMatchObject({ create: 1, encoding: 'utf-16' });
    const be = Buffer.from(text.replace('{x}', 'be'), 'utf16le').swap16();
    const beFile = Buffer.concat([Buffer.from([0xfe, 0xff]), be]);
    expect((await post(multipart(beFile))).json()).toMatchObject({ create: 1, encoding: 'utf-16' });
    for (const x of ['utf8', 'bom', 'le', 'be'])
      expect(await nameOf(`renee@${x}.example`)).toBe('Renée Çelik');
  });

  it('refuses, in one sentence, a file that is neither UTF-8 nor Windows-1252', async () => {
    const res = await post(multipart(Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0x81, 0x8d, 0x0a])));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      "The file's text is neither UTF-8 nor Windows-1252: save it from the spreadsheet as 'CSV UTF-8' and import it again.",
    );
  });
});

describe('CSV import: limits answered, nothing left behind', () => {
  it('a file over 100 MB answers 413 with the limit in words and imports nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-import-big-'));
    try {
      const file = path.join(dir, 'big.csv');
      const out = fs.openSync(file, 'w');
      fs.writeSync(out, 'Name,Email\n');
      const block: string[] = [];
      for (let i = 0; i < 10_000; i++) block.push(`Big Person ${i},big${i}@toolarge.example`);
      const chunk = `${block.join('\n')}\n`;
      // 110 MB: the same addresses again and again (each a valid row).
      while (fs.fstatSync(out).size < 110 * 1024 * 1024) fs.writeSync(out, chunk);
      fs.closeSync(out);
      // Streamed without a declared length, as a chunked upload arrives: the limit is met on the way.
      async function* body() {
        yield Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n`,
        );
        yield* fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
        yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      }
      const res = await post(Readable.from(body()));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error).toBe(
        'The file is larger than 100 MB: split it into smaller files and import each.',
      );
      expect(await count('%@toolarge.example')).toBe(0);
      expect(leftovers()).toEqual([]);
      // With its length declared, it is refused before a byte is read.
      const declared = await post(Buffer.alloc(0), {
        headers: { 'content-length': String(110 * 1024 * 1024) },
      });
      expect(declared.statusCode).toBe(413);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('a cut-off multipart body answers 400 and imports nothing', async () => {
    const whole = multipart(Buffer.from('Name,Email\nCut Off,cut@truncated.example\n'));
    const res = await post(whole.subarray(0, whole.length - 20));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(
      'The upload is not a complete multipart/form-data body: send the file again.',
    );
    expect(await count('%@truncated.example')).toBe(0);
    expect(leftovers()).toEqual([]);
  });

  it('a gzip-encoded body answers 400 saying so, never 500', async () => {
    const res = await post(gzipSync(multipart(Buffer.from('Name,Email\nZip,zip@gzip.example\n'))), {
      headers: { 'content-encoding': 'gzip' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(
      'The upload is compressed (Content-Encoding: gzip): send the file uncompressed.',
    );
    expect(await count('%@gzip.example')).toBe(0);
  });

  it('an upload that stops sending answers 408 after the idle time and leaves nothing', async () => {
    const stalled = new Readable({ read() {} });
    const whole = multipart(
      Buffer.from('Name,Email\nStalled,stalled@idle.example\nMore,more@idle.example\n'),
    );
    stalled.push(whole.subarray(0, whole.length - 40));
    const res = await post(stalled);
    expect(res.statusCode, res.body).toBe(408);
    expect(res.json().error).toBe('The upload stopped: no data for 1 s. Nothing was imported.');
    expect(await count('%@idle.example')).toBe(0);
    expect(leftovers()).toEqual([]);
    stalled.destroy();
  });
});

describe('CSV import: applied in batches', () => {
  it('an import that stops halfway says up to which row it imported; the same file again finishes it', async () => {
    const rows = 3000;
    const lines = ['Name,Email'];
    for (let i = 0; i < rows; i++) lines.push(`Half ${i},half${i}@halfway.example`);
    const file = Buffer.from(`${lines.join('\n')}\n`);
    // A fault in the database for one row near the end (row 2,901 of the file).
    await t.database.db.execute(sql`
      create function refuse_halfway() returns trigger language plpgsql as $$
      begin
        if new.email = 'half2899@halfway.example' then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_halfway before insert on contacts for each row execute function refuse_halfway()`,
    );
    const stopped = await post(multipart(file));
    expect(stopped.statusCode, stopped.body).toBe(500);
    const { lastRow, stored } = stopped.json().details as { lastRow: number; stored: number };
    expect(stopped.json().error).toBe(
      `The import stopped after row ${lastRow}: the ${stored} valid rows up to it were imported. ` +
        'Import the same file again to finish: rows already imported are merged, nothing is doubled.',
    );
    expect(lastRow).toBeGreaterThan(1);
    expect(lastRow).toBeLessThan(2901);
    expect(await count('%@halfway.example')).toBe(stored);
    expect(stored).toBe(lastRow - 1);

    await t.database.db.execute(sql`drop trigger refuse_halfway on contacts`);
    const again = await post(multipart(file));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ create: rows - stored, merge: stored });
    expect(await count('%@halfway.example')).toBe(rows);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it('two imports of the same people in opposite order at once both complete', async () => {
    const rows = 4000;
    const lines = Array.from({ length: rows }, (_, i) => `Both ${i},both${i}@together.example,Together`);
    const forward = Buffer.from(`Name,Email,Tags\n${lines.join('\n')}\n`);
    const backward = Buffer.from(`Name,Email,Tags\n${lines.toReversed().join('\n')}\n`);
    const [a, b] = await Promise.all([post(multipart(forward)), post(multipart(backward))]);
    expect(a.statusCode, a.body.slice(0, 300)).toBe(200);
    expect(b.statusCode, b.body.slice(0, 300)).toBe(200);
    expect(a.json().create + b.json().create).toBeGreaterThanOrEqual(rows);
    expect(await count('%@together.example')).toBe(rows);
    const tagged = resultRows<{ n: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as n from contact_tags ct join contacts c on c.id = ct.contact_id
        where c.email like '%@together.example'`),
    );
    expect(Number(tagged[0]!.n)).toBe(rows);
  }, 180_000);
});
