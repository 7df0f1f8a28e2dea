import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags, tags } from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * CSV import (POST /api/admin/contacts/import): dry run and import, BOM, semicolons, quoted line
 * breaks, duplicate rows, bad addresses, headers of common exports, merge by address without
 * overwriting, a second import that creates nothing, consent off by default.
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

function importCsv(
  csv: string,
  options: { dryRun?: boolean; mapping?: object; consent?: boolean; filename?: string } = {},
) {
  const form = new FormData();
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  if (options.consent) form.append('consent', 'true');
  form.append('file', new Blob([csv], { type: 'text/csv' }), options.filename ?? 'contacts.csv');
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/contacts/import${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { cookie },
    payload: form,
  });
}

const count = async () =>
  Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(contacts))[0]!.n);
const byEmail = async (email: string) =>
  (
    await t.database.db.select().from(contacts).where(sql`lower(${contacts.email}) = ${email.toLowerCase()}`)
  )[0];

describe('POST /api/admin/contacts/import', () => {
  it('dry run counts, changes nothing; the import applies the same counts; a second import creates nothing', async () => {
    const csv =
      '\uFEFFName,Email,Phone,Company,Notes,Tags\r\n' +
      'Lena Park,lena@park.example,+1 555 0100,Park & Co,"Likes ""fast"" sites,\r\nsecond line",VIP;Bakery\r\n' +
      'Omar Haddad,omar@haddad.example,,,,\r\n' +
      'Lena Again,LENA@PARK.EXAMPLE,,Other Co,,Repeat\r\n' +
      'No Address,,,,,\r\n' +
      'Bad Address,not-an-address,,,,\r\n' +
      'Bad Phone,phone@bad.example,call me=now,,,\r\n';
    const before = await count();
    const dry = await importCsv(csv, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      create: 2,
      merge: 1,
      invalid: [
        { row: 5, reason: 'No email address.' },
        { row: 6, reason: 'Not a valid email address.' },
        { row: 7, reason: 'Phone may contain only digits, spaces and + ( ) - .' },
      ],
      invalidCount: 3,
      headers: ['Name', 'Email', 'Phone', 'Company', 'Notes', 'Tags'],
      mapping: {
        Name: 'name',
        Email: 'email',
        Phone: 'phone',
        Company: 'company',
        Notes: 'notes',
        Tags: 'tags',
      },
      dryRun: true,
    });
    expect(await count()).toBe(before);

    const applied = await importCsv(csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ create: 2, merge: 1, invalidCount: 3, dryRun: false });
    expect(await count()).toBe(before + 2);
    const lena = await byEmail('lena@park.example');
    expect(lena).toMatchObject({
      name: 'Lena Park',
      phone: '+1 555 0100',
      company: 'Park & Co',
      notes: 'Likes "fast" sites,\r\nsecond line',
      origin: 'import',
      message: '',
      consentAt: null,
    });
    const lenaTags = await t.database.db
      .select({ name: tags.name })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.contactId, lena!.id));
    expect(lenaTags.map((g) => g.name).sort()).toEqual(['Bakery', 'Repeat', 'VIP']);

    const again = await importCsv(csv);
    expect(again.json()).toMatchObject({ create: 0, merge: 3 });
    expect(await count()).toBe(before + 2);
  });

  it('merges into an existing contact: fills empty fields, adds tags, never overwrites', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      headers: { cookie },
      payload: { name: 'Kept Name', email: 'Kept@Merge.example', notes: 'Kept notes' },
    });
    const id = made.json().id;
    const res = await importCsv(
      'First Name;Last Name;Email;Phone Number;Company Name;Notes\n' +
        'New;Name;kept@merge.example;+44 20 0000;Merge Ltd;New notes\n',
    );
    expect(res.json()).toMatchObject({
      create: 0,
      merge: 1,
      mapping: {
        'First Name': 'firstName',
        'Last Name': 'lastName',
        'Phone Number': 'phone',
        'Company Name': 'company',
      },
    });
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({
      name: 'Kept Name',
      email: 'Kept@Merge.example',
      notes: 'Kept notes',
      phone: '+44 20 0000',
      company: 'Merge Ltd',
      origin: 'manual',
    });
  });

  it('recognises Google Contacts, HubSpot and its own export; the mapping field overrides the guess', async () => {
    const google = await importCsv(
      'First Name,Middle Name,Last Name,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Value,Organization Name\n' +
        'Gia,,Rossi,* Home,gia@google.example,+39 06 1234,Rossi Srl\n',
      { dryRun: true },
    );
    expect(google.json()).toMatchObject({
      create: 1,
      mapping: { 'E-mail 1 - Value': 'email', 'Phone 1 - Value': 'phone', 'Organization Name': 'company' },
    });
    const hubspot = await importCsv(
      'Record ID,First Name,Last Name,Email,Phone Number,Company Name,Lead Status\n1,Hu,Bert,hu@hub.example,,,\n',
      { dryRun: true },
    );
    expect(hubspot.json()).toMatchObject({ create: 1, mapping: { Email: 'email', 'Lead Status': 'status' } });
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/export.csv',
      headers: { cookie },
    });
    const reimport = await importCsv(own.body, { dryRun: true });
    expect(reimport.json()).toMatchObject({ create: 0, invalidCount: 0 });
    expect(reimport.json().merge).toBeGreaterThan(0);
    // The owner's mapping wins: 'Contact' holds addresses here.
    const mapped = await importCsv('Who,Contact\nAda,ada@mapped.example\n', {
      dryRun: true,
      mapping: { Who: 'name', Contact: 'email' },
    });
    expect(mapped.json()).toMatchObject({ create: 1, mapping: { Who: 'name', Contact: 'email' } });
  });

  it('imported people are campaign recipients only with consent, stored with date and source', async () => {
    await importCsv('Name,Email\nNo Consent,noconsent@import.example\n');
    await importCsv('Name,Email\nWith Consent,consent@import.example\n', {
      consent: true,
      filename: 'fair.csv',
    });
    const without = await byEmail('noconsent@import.example');
    const withConsent = await byEmail('consent@import.example');
    expect(without!.consentAt).toBeNull();
    expect(withConsent!.consentAt).toBeInstanceOf(Date);
    expect(withConsent!.consentSource).toMatch(
      /^CSV import of "fair\.csv" on \d{4}-\d{2}-\d{2}, ticked by the owner$/,
    );
    const audience = await t.app.inject({
      method: 'GET',
      url: '/api/admin/campaigns/audience?q=import.example&limit=50',
      headers: { cookie },
    });
    expect(audience.statusCode, audience.body).toBe(200);
    expect(audience.headers['x-selectable-count']).toBe('1');
    expect(
      audience
        .json()
        .map((m: { email: string }) => m.email)
        .sort(),
    ).toEqual(['consent@import.example', 'noconsent@import.example']);
  });

  it('refuses what is not an import: empty, not CSV, no address column, bad mapping, JSON body', async () => {
    expect((await importCsv('')).json().error).toBe('The file is empty.');
    const noEmail = await importCsv('Name,Phone\nA,1\n');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toBe('No column holds email addresses: map one to Email.');
    const broken = await importCsv('Name,Email\n"Open quote,a@b.example\nx,y\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/^The file is not valid CSV near line/);
    expect((await importCsv('Name,Email\n', { mapping: { Email: 'nonsense' } })).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contacts/import',
      headers: { cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const nul = await importCsv('Name,Email\nA\u0000B,nul@x.example\n', { dryRun: true });
    expect(nul.json().invalid).toEqual([{ row: 2, reason: 'Contains a NUL character.' }]);
  });

  it('imports a 20,000-row file in batches; importing it again creates nothing', async () => {
    // Twenty batches of 1,000 rows: enough to cross batch edges many times. A 100,000-row file,
    // its rows/s and memory are `npm run bench:crm`'s (PostgreSQL, over HTTP).
    const rows = 20_000;
    const lines = ['Name,Email,Phone,Tags'];
    for (let i = 0; i < rows; i++) lines.push(`Person ${i},person${i}@bulk.example,+1 555 ${i},Bulk`);
    const csv = `${lines.join('\n')}\n`;
    const before = await count();
    const first = await importCsv(csv);
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.json()).toMatchObject({ create: rows, merge: 0, invalidCount: 0 });
    expect(await count()).toBe(before + rows);
    const second = await importCsv(csv, { dryRun: true });
    expect(second.json()).toMatchObject({ create: 0, merge: rows });
  }, 240_000);
});
