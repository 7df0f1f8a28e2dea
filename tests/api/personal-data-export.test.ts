import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  contactMessages,
  contacts,
  contactTasks,
  unmatchedMail,
} from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The person's export (GET /api/admin/contacts/{id}/export, GDPR Art. 15 and 20) holds every column
 * that docs/personal-data.md lists for the tables whose rows are about that one person: a column
 * the map names but the export leaves out fails here (decision 058). Each text column is filled
 * with a value of its own, so the test sees that value in the file, under the column's name.
 * Left out on purpose: `contact_search.document` (a copy of the name, address and message, which
 * are in) and the tables shared by many people (tags: their names are in).
 */

const MAP = fs.readFileSync(new URL('../../docs/personal-data.md', import.meta.url), 'utf8');

/** Every `table.column` the map names, in backticks (as personal-data-map.test.ts reads it). */
const mapped = [...new Set([...MAP.matchAll(/`([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)`/g)].map((m) => m[1]!))];

/** The person's tables, and where the export puts their rows. */
const SECTIONS: Record<string, (file: ExportFile) => Record<string, unknown> | undefined> = {
  contacts: (f) => f.contact,
  contact_messages: (f) => f.messages[0],
  contact_tasks: (f) => f.tasks[0],
  unmatched_mail: (f) => f.unmatchedMail[0],
  campaign_recipients: (f) => f.campaigns[0],
};

interface ExportFile {
  contact: Record<string, unknown>;
  messages: Record<string, unknown>[];
  tasks: Record<string, unknown>[];
  unmatchedMail: Record<string, unknown>[];
  campaigns: Record<string, unknown>[];
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** A value of its own for a free-text column. */
const marker = (table: string, column: string) => `${table}-${column}-marker`;

let t: TestApp;
let cookie: string;
let id: number;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
  const db = t.database.db;
  const m = (column: string) => marker('contacts', column);
  const [row] = await db
    .insert(contacts)
    .values({
      name: m('name'),
      email: 'export.person@example.com',
      phone: '+1 555 0199',
      message: m('message'),
      status: 'lost',
      lostReason: 'other',
      lostReasonText: m('lost_reason_text'),
      dealValue: 123456,
      expectedCloseOn: '2026-06-01',
      reachedQualified: true,
      notes: m('notes'),
      company: m('company'),
      origin: 'import',
      importedAt: new Date('2026-03-01T10:00:00Z'),
      importFileName: m('import_file_name'),
      consentAt: new Date('2026-03-01T10:00:00Z'),
      consentSource: m('consent_source'),
      bouncingAt: new Date('2026-03-02T10:00:00Z'),
      bounceReason: m('bounce_reason'),
      spamReasons: [m('spam_reasons')],
      sourceReferrerHost: m('source_referrer_host'),
      sourceUtmSource: m('source_utm_source'),
      sourceUtmMedium: m('source_utm_medium'),
      sourceUtmCampaign: m('source_utm_campaign'),
      sourceUtmTerm: m('source_utm_term'),
      sourceUtmContent: m('source_utm_content'),
      sourceLandingPath: m('source_landing_path'),
      sourceFirstSeenAt: new Date('2026-02-28T09:00:00Z'),
      sourceDevice: 'tablet',
    })
    .returning();
  id = row!.id;
  const mm = (column: string) => marker('contact_messages', column);
  await db.insert(contactMessages).values({
    contactId: id,
    sender: 'contact',
    subject: mm('subject'),
    content: mm('content'),
    status: 'pending',
    campaignName: mm('campaign_name'),
    messageId: mm('message_id'),
    inReplyTo: mm('in_reply_to'),
    references: [mm('references')],
    textContent: mm('text_content'),
    attachments: [{ name: mm('attachments'), size: 1 }],
    source: 'imap',
  });
  const tm = (column: string) => marker('contact_tasks', column);
  await db.insert(contactTasks).values({
    contactId: id,
    title: tm('title'),
    description: tm('description'),
    priority: 'high',
    status: 'completed',
  });
  const um = (column: string) => marker('unmatched_mail', column);
  await db.insert(unmatchedMail).values({
    contactId: id,
    fromAddress: um('from_address'),
    subject: um('subject'),
    content: um('content'),
    textContent: um('text_content'),
    attachments: [{ name: um('attachments'), size: 2 }],
    messageId: um('message_id'),
    inReplyTo: um('in_reply_to'),
    references: [um('references')],
    authentication: um('authentication'),
    source: 'gmail',
    sentAt: new Date(),
  });
  const [campaign] = await db
    .insert(campaigns)
    .values({ name: 'Spring', subject: 'Hello', htmlContent: '<p>Hi</p>', status: 'sent' })
    .returning();
  const rm = (column: string) => marker('campaign_recipients', column);
  await db.insert(campaignRecipients).values({
    campaignId: campaign!.id,
    contactId: id,
    email: rm('email'),
    name: rm('name'),
    status: 'bounced',
    errorMessage: rm('error_message'),
    messageId: rm('message_id'),
    attemptProvider: 'smtp',
  });
});
afterAll(async () => t.close());

/** The value each listed column holds in the rows written above, as the export writes it. */
const CONSTRAINED: Record<string, unknown> = {
  'contacts.email': 'export.person@example.com',
  'contacts.phone': '+1 555 0199',
  'contacts.status': 'lost',
  'contacts.lost_reason': 'other',
  'contacts.deal_value': 123456,
  'contacts.expected_close_on': '2026-06-01',
  'contacts.reached_qualified': true,
  'contacts.origin': 'import',
  'contacts.source_device': 'tablet',
  'contacts.imported_at': '2026-03-01T10:00:00.000Z',
  'contacts.consent_at': '2026-03-01T10:00:00.000Z',
  'contacts.source_first_seen_at': '2026-02-28T09:00:00.000Z',
  'contact_messages.sender': 'contact',
  'contact_messages.status': 'pending',
  'contact_messages.source': 'imap',
  'contact_tasks.priority': 'high',
  'contact_tasks.status': 'completed',
  'unmatched_mail.source': 'gmail',
  'campaign_recipients.status': 'bounced',
  'campaign_recipients.attempt_provider': 'smtp',
};

describe("the person's export holds every column the personal-data map lists", () => {
  it('lists columns of each of the person’s tables (the map is read)', () => {
    for (const table of Object.keys(SECTIONS))
      expect(mapped.filter((c) => c.startsWith(`${table}.`)).length, table).toBeGreaterThan(0);
    // The first-touch source, origin and import, company and spam reasons are in the map.
    expect(mapped).toEqual(
      expect.arrayContaining([
        'contacts.company',
        'contacts.origin',
        'contacts.import_file_name',
        'contacts.imported_at',
        'contacts.spam_reasons',
        'contacts.source_first_seen_at',
        'contacts.source_device',
      ]),
    );
  });

  it('writes each mapped column of a person’s rows, with its value', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/contacts/${id}/export`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json() as ExportFile;
    const missing: string[] = [];
    for (const column of mapped) {
      const [table, name] = column.split('.') as [string, string];
      const section = SECTIONS[table];
      if (!section) continue;
      const rowInFile = section(file);
      const value = rowInFile?.[camel(name)];
      const expected = CONSTRAINED[column] ?? marker(table, name);
      if (value === undefined || !JSON.stringify(value).includes(JSON.stringify(expected).slice(1, -1)))
        missing.push(`${column} (as ${camel(name)})`);
    }
    expect(missing, 'columns of docs/personal-data.md missing from the person’s export').toEqual([]);
  });
});
