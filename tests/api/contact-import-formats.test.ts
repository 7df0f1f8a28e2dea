import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags, tags } from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The exports people have (POST /api/admin/contacts/import): files shaped like Google Contacts'
 * (all 36 columns, ' ::: ' cells, '* myContacts' labels), Outlook's, HubSpot's, Excel's 'CSV UTF-8'
 * (BOM, semicolons, German headers) and this product's own export, each imported with the right
 * people, addresses, numbers, companies, tags and notes and its format reported; and files that
 * are not CSV (a photo, a workbook, a PDF) refused with one sentence saying how to make a CSV.
 */

const fixtures = path.join(import.meta.dirname, 'fixtures', 'contact-import');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

function importFile(
  app: TestApp,
  session: string,
  bytes: Buffer | string,
  options: { dryRun?: boolean; filename?: string; type?: string } = {},
) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], {
      type: options.type ?? 'text/csv',
    }),
    options.filename ?? 'contacts.csv',
  );
  return app.app.inject({
    method: 'POST',
    url: `/api/admin/contacts/import${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { cookie: session },
    payload: form,
  });
}

const byEmail = async (email: string, app = t) =>
  (
    await app.database.db
      .select()
      .from(contacts)
      .where(sql`lower(${contacts.email}) = ${email.toLowerCase()}`)
  )[0];
const tagsOf = async (id: number, app = t) =>
  (
    await app.database.db
      .select({ name: tags.name })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.contactId, id))
  )
    .map((g) => g.name)
    .sort();
const count = async (app = t) =>
  Number((await app.database.db.select({ n: sql<number>`count(*)` }).from(contacts))[0]!.n);

describe('import of the exports people have', () => {
  it('Google Contacts: names joined, the first of several addresses and numbers, the rest in the notes, no system labels as tags', async () => {
    const dry = await importFile(t, cookie, fixture('google-contacts.csv'), { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const answer = dry.json();
    expect(answer).toMatchObject({
      format: 'google',
      create: 4,
      merge: 0,
      invalidCount: 1,
      invalid: [{ row: 6, reason: 'No email address.' }],
    });
    expect(answer.headers).toHaveLength(36);
    const mapped = Object.fromEntries(
      Object.entries(answer.mapping as Record<string, string>).filter(([, f]) => f !== 'ignore'),
    );
    expect(mapped).toEqual({
      'First Name': 'firstName',
      'Middle Name': 'middleName',
      'Last Name': 'lastName',
      'Organization Name': 'company',
      Notes: 'notes',
      Labels: 'tags',
      'E-mail 1 - Value': 'email',
      'E-mail 2 - Value': 'otherEmail',
      'Phone 1 - Value': 'phone',
      'Phone 2 - Value': 'otherPhone',
    });

    const applied = await importFile(t, cookie, fixture('google-contacts.csv'));
    expect(applied.json()).toMatchObject({ format: 'google', create: 4, invalidCount: 1 });
    const juergen = await byEmail('juergen@mueller-baeckerei.example');
    expect(juergen).toMatchObject({
      name: 'Jürgen Müller-Lüdenscheidt',
      phone: '+49 171 2345678',
      company: 'Müller Bäckerei GmbH',
      notes:
        'Met at the Berlin fair 🥨\nWants a new online shop\nOther email: j.mueller@home.example\nOther phone: +49 30 1234567',
    });
    expect(await tagsOf(juergen!.id)).toEqual(['Clients']);
    const amelie = await byEmail('amelie@atelier-dubois.example');
    expect(amelie).toMatchObject({
      name: 'Amélie Claire Dubois',
      phone: '+33 1 42 68 53 00',
      company: 'Atelier Dubois',
      notes: 'Other email: amelie.claire@mail.example',
    });
    expect(await tagsOf(amelie!.id)).toEqual([]);
    const layla = await byEmail('layla@haddad-print.example');
    expect(layla).toMatchObject({
      name: 'ليلى حداد',
      company: 'مطبعة حداد',
      phone: '+961 3 123 456',
      notes: 'Prefers WhatsApp ✨',
    });
    expect(await tagsOf(layla!.id)).toEqual(['Clients', 'VIP']);
    // 'E-mail 1 - Value' empty, 'E-mail 2 - Value' filled: that address is hers, not lost.
    expect(await byEmail('ana.sousa@azulejos.example')).toMatchObject({
      name: 'Ana Sousa',
      phone: '+351 21 000 0000',
      company: 'Azulejos Sousa',
      notes: null,
    });
    const system = await t.database.db
      .select({ name: tags.name })
      .from(tags)
      .where(sql`${tags.name} like '*%' or lower(${tags.name}) in ('mycontacts', 'starred')`);
    expect(system).toEqual([]);
  });

  it("Google Contacts' older layout: Given/Family Name, Group Membership, E-mail 1 - Type", async () => {
    const csv =
      'Name,Given Name,Additional Name,Family Name,Group Membership,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value\n' +
      'Nguyễn Văn An,An,Văn,Nguyễn,* myContacts ::: Friends ::: * starred,* Home,an@nguyen.example ::: an.work@nguyen.example,Mobile,+84 90 123 4567\n' +
      ',Björk,,Guðmundsdóttir,* myContacts,* Home,bjork@gudmundsdottir.example,,\n';
    const res = await importFile(t, cookie, csv);
    expect(res.json()).toMatchObject({
      format: 'google',
      create: 2,
      mapping: {
        Name: 'name',
        'Given Name': 'firstName',
        'Additional Name': 'middleName',
        'Family Name': 'lastName',
        'Group Membership': 'tags',
        'E-mail 1 - Type': 'ignore',
      },
    });
    const an = await byEmail('an@nguyen.example');
    expect(an).toMatchObject({
      name: 'Nguyễn Văn An',
      phone: '+84 90 123 4567',
      notes: 'Other email: an.work@nguyen.example',
    });
    expect(await tagsOf(an!.id)).toEqual(['Friends']);
    const bjork = await byEmail('bjork@gudmundsdottir.example');
    expect(bjork!.name).toBe('Björk Guðmundsdóttir');
    expect(await tagsOf(bjork!.id)).toEqual([]);
  });

  it('Outlook: first, middle and last name; mobile or business phone; categories as tags; further addresses in the notes', async () => {
    const res = await importFile(t, cookie, fixture('outlook.csv'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'outlook', create: 2, invalidCount: 0 });
    const zoe = await byEmail('zoe@angstrom-design.example');
    expect(zoe).toMatchObject({
      name: 'Zoë Ångström',
      // No mobile number: the business one is hers.
      phone: '+46 8 123 456 78',
      company: 'Ångström Design AB',
      notes: 'Sends invoices quarterly\nOther email: zoe.private@mail.example',
    });
    expect(await tagsOf(zoe!.id)).toEqual(['Print', 'Suppliers']);
    const soren = await byEmail('soren@kierkegaard.example');
    expect(soren).toMatchObject({
      name: 'Søren Aabye Kierkegaard',
      phone: '+45 20 12 34 56',
      company: 'Enten-Eller ApS',
      notes: 'Other phone: +45 33 12 34 56',
    });
    expect(await tagsOf(soren!.id)).toEqual(['Clients']);
  });

  it('HubSpot: names, company, lead status as status; owner and lifecycle left out', async () => {
    const res = await importFile(t, cookie, fixture('hubspot.csv'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'hubspot',
      create: 3,
      mapping: { 'Record ID': 'ignore', 'Contact owner': 'ignore', 'Lead Status': 'status' },
    });
    expect(await byEmail('jose@martinez-taller.example')).toMatchObject({
      name: 'José Martínez',
      phone: '+34 912 345 678',
      company: 'Taller Martínez',
      status: 'contacted',
      notes: null,
    });
    expect(await byEmail('ngozi@okonkwo.example')).toMatchObject({
      name: 'Ngozi Okonkwo-Adeyemi',
      company: 'Okonkwo Foods',
      status: 'qualified',
    });
    expect(await byEmail('kai@nakamura.example')).toMatchObject({ name: 'Kai Nakamura', status: 'new' });
  });

  it("Excel's 'CSV UTF-8': BOM, semicolons, German headers", async () => {
    const bytes = fixture('excel-csv-utf8.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const res = await importFile(t, cookie, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'generic',
      create: 2,
      headers: ['Name', 'E-Mail', 'Telefon', 'Firma', 'Notizen', 'Kategorien'],
      mapping: {
        Name: 'name',
        'E-Mail': 'email',
        Telefon: 'phone',
        Firma: 'company',
        Notizen: 'notes',
        Kategorien: 'tags',
      },
    });
    const bjoern = await byEmail('bjoern@weiss-soehne.example');
    expect(bjoern).toMatchObject({
      name: 'Björn Weiß',
      phone: '+49 89 555 0101',
      company: 'Weiß & Söhne KG',
      notes: 'Rückruf am Montag; Angebot für Relaunch',
    });
    expect(await tagsOf(bjoern!.id)).toEqual(['Bayern', 'Kunden']);
    expect(await byEmail('doerte@schaefer.example')).toMatchObject({ name: 'Dörte Schäfer', phone: null });
  });

  it('its own export, imported into another installation, gives the same people', async () => {
    for (const body of [
      {
        name: 'Émile Zola',
        email: 'emile@zola-roundtrip.example',
        phone: '+33 6 12 34 56 78',
        notes: 'Wants a quote 📸\nsecond line',
      },
      { name: 'Fatima Al-Zahra', email: 'fatima@roundtrip.example', notes: '=1+1 looks like a formula' },
    ]) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/admin/contacts',
        headers: { cookie },
        payload: body,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/export.csv?q=roundtrip.example',
      headers: { cookie },
    });
    expect(exported.statusCode).toBe(200);
    const other = await createTestApp();
    try {
      const otherCookie = await signIn(other.app);
      const res = await importFile(other, otherCookie, exported.body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ format: 'own', create: 2, invalidCount: 0 });
      expect(res.json().mapping).toMatchObject({
        ID: 'ignore',
        Name: 'name',
        Email: 'email',
        Notes: 'notes',
      });
      expect(await byEmail('emile@zola-roundtrip.example', other)).toMatchObject({
        name: 'Émile Zola',
        phone: '+33 6 12 34 56 78',
        notes: 'Wants a quote 📸\nsecond line',
        origin: 'import',
      });
      expect(await byEmail('fatima@roundtrip.example', other)).toMatchObject({
        name: 'Fatima Al-Zahra',
        notes: '=1+1 looks like a formula',
      });
    } finally {
      await other.close();
    }
  });
});

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const howTo = 'In Excel choose File › Save As › CSV UTF-8; in Google Contacts choose Export › Google CSV.';

describe('a file that is not CSV', () => {
  it.each([
    ['a PNG image', png, 'image/png', 'photo.png', 'a PNG image'],
    [
      'a workbook that calls itself contacts.csv',
      fixture('contacts.xlsx'),
      'text/csv',
      'contacts.csv',
      'an Excel workbook',
    ],
    [
      'an Excel workbook (made by LibreOffice from the Excel fixture)',
      fixture('contacts.xlsx'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'contacts.xlsx',
      'an Excel workbook',
    ],
    [
      'a JPEG photo',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\n,@\n')]),
      'image/jpeg',
      'IMG_0001.jpg',
      'a JPEG photo',
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'application/pdf', 'list.pdf', 'a PDF document'],
    [
      'binary with NUL bytes',
      // An SQLite database's first bytes.
      Buffer.concat([
        Buffer.from('SQLite format 3\0'),
        Buffer.from([0x10, 0, 1, 1, 0, 0x40, 0x20, 0x20]),
        Buffer.alloc(76),
      ]),
      'application/octet-stream',
      'contacts.db',
      'a binary file, not text',
    ],
    [
      'a vCard',
      Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEMAIL:ada@x.example\r\nEND:VCARD\r\n'),
      'text/vcard',
      'contacts.vcf',
      'a vCard (.vcf) contacts file',
    ],
  ])(
    '%s: 400 with one sentence saying how to make a CSV; nothing imported',
    async (_label, bytes, type, filename, kind) => {
      const before = await count();
      for (const dryRun of [true, false]) {
        const res = await importFile(t, cookie, bytes, { type, filename, dryRun });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          error: `This file is not a CSV file (it looks like ${kind}). ${howTo}`,
        });
      }
      expect(await count()).toBe(before);
    },
  );

  it('a UTF-16 file (its byte order mark explains the NUL bytes) is not refused as binary', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name,Email\r\nAda,ada@x.example\r\n', 'utf16le'),
    ]);
    const res = await importFile(t, cookie, utf16, { dryRun: true });
    expect(res.json().error ?? '').not.toMatch(/not a CSV file/);
  });
});
