import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../api/helpers/test-app.ts';
import { type Fingerprint, fingerprinter } from './helpers/db-fingerprint.ts';

/**
 * Reported bad inputs one by one: a NUL byte in any text field or query, and ids past
 * 2^31 − 1, get a 400 naming the field (never a 500), and change nothing.
 */

const VAULT = 'correct vault password';
/**
 * A contacts-list cursor of the default sort (activity, newest first; decision 040): the last
 * row's activity time in microseconds since 1970 and its id, as base64url JSON.
 */
const cursor = (iso: string, id: number | string) => {
  const [, year, rest] = /^([+-]?\d{4,6})(-.*)$/.exec(iso)!;
  // setUTCFullYear: years 0–99 stay themselves (Date.UTC would read them as 1900–1999).
  const time = new Date(`2000${rest}`);
  time.setUTCFullYear(Number(year));
  return Buffer.from(JSON.stringify({ s: 'activity', o: 'desc', k: [`${time.getTime()}000`, id] })).toString(
    'base64url',
  );
};

describe('bad input gets a clear 4xx', () => {
  let t: TestApp;
  let cookie: string;
  let fingerprint: () => Promise<Fingerprint>;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, signedIn = true) =>
    t.app.inject({
      method,
      url,
      headers: signedIn ? { cookie, 'x-credentials-password': VAULT } : {},
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ VAULT_PASSWORD: VAULT, CONTACT_POW: 'off' });
    // Background writers (the lead notification) would change tables between two looks.
    await t.app.mailQueue.stop();
    await t.app.campaigns.stop();
    cookie = await signIn(t.app);
    const lead = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello' };
    expect((await call('POST', '/api/contact', lead, false)).statusCode).toBe(201);
    expect((await call('POST', '/api/admin/tags', { name: 'VIP', color: '#22d3ee' })).statusCode).toBe(201);
    const campaign = { name: 'News', subject: 'News', htmlContent: '<p>Hi</p>', recipientIds: [1] };
    expect((await call('POST', '/api/admin/campaigns', campaign)).statusCode).toBe(201);
    expect((await call('POST', '/api/admin/clients', { name: 'Acme' })).statusCode).toBe(201);
    expect((await call('POST', '/api/admin/clients/1/tasks', { title: 'Kick-off' })).statusCode).toBe(201);
    fingerprint = await fingerprinter(t.database, { sessions: ['id', 'token_hash'] });
  });
  afterAll(async () => t.close());

  const cases: [string, 'GET' | 'POST' | 'PATCH', string, object | undefined, string][] = [
    [
      'NUL in the public contact form',
      'POST',
      '/api/contact',
      { name: 'Ada\u0000', email: 'a@example.com', message: 'Hi' },
      'name',
    ],
    ['NUL in notes', 'PATCH', '/api/admin/contacts/1', { notes: 'call\u0000back' }, 'notes'],
    ['NUL in a tag', 'POST', '/api/admin/tags', { name: 'V\u0000IP', color: '#22d3ee' }, 'name'],
    ['NUL in a task', 'POST', '/api/admin/tasks', { contactId: 1, title: 'Call\u0000' }, 'title'],
    ['NUL in a client', 'POST', '/api/admin/clients', { name: 'Acme', notes: '\u0000' }, 'notes'],
    [
      'NUL in a campaign',
      'POST',
      '/api/admin/campaigns',
      { name: 'N', subject: 'S\u0000', htmlContent: '<p>x</p>' },
      'subject',
    ],
    ['NUL in a credential', 'POST', '/api/admin/credentials', { companyName: 'A\u0000' }, 'companyName'],
    [
      'NUL in a list item',
      'POST',
      '/api/admin/campaigns/1/send',
      { recipientIds: [1, 'x\u0000'] },
      'recipientIds.1',
    ],
    ['NUL in the search query', 'GET', '/api/admin/contacts?q=a%00b', undefined, 'q'],
    ['NUL in the export query', 'GET', '/api/admin/contacts/export.csv?q=a%00b', undefined, 'q'],
    ['a contact id past 2^31 − 1', 'GET', '/api/admin/contacts/2147483648', undefined, 'id'],
    ['a tag id past 2^31 − 1', 'POST', '/api/admin/contacts/1/tags/2147483648', undefined, 'tagId'],
    [
      'a task contactId past 2^31 − 1',
      'POST',
      '/api/admin/tasks',
      { contactId: 2147483648, title: 'Call' },
      'contactId',
    ],
    [
      'recipientIds past 2^31 − 1',
      'POST',
      '/api/admin/campaigns/1/send',
      { recipientIds: [1, 2147483648] },
      'recipientIds.1',
    ],
    [
      'recipientIds past 2^31 − 1 at creation',
      'POST',
      '/api/admin/campaigns',
      { name: 'N', subject: 'S', htmlContent: '<p>x</p>', recipientIds: [4294967296] },
      'recipientIds.0',
    ],
    [
      'a due date in year 0',
      'POST',
      '/api/admin/tasks',
      { contactId: 1, title: 'Call', dueAt: '0000-01-01T00:00:00Z' },
      'dueAt',
    ],
    [
      'a completion time past year 9999 in UTC',
      'PATCH',
      '/api/admin/clients/tasks/1',
      { status: 'done', completedAt: '9999-12-31T23:59:59-14:00' },
      'completedAt',
    ],
  ];

  it.each(cases)('%s → 400 naming the field, nothing written', async (_, method, url, payload, field) => {
    const before = await fingerprint();
    const res = await call(method, url, payload, !url.startsWith('/api/contact'));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.error).toEqual(expect.any(String));
    expect(Object.keys(body.details.fieldErrors)).toContain(field);
    expect(await fingerprint()).toEqual(before);
  });

  it('a cursor naming an id past 2^31 − 1, year 0 or a year past 9999 → 400 Invalid cursor', async () => {
    for (const c of [
      cursor('2026-01-01T00:00:00.000Z', 2147483648),
      cursor('+275760-09-13T00:00:00.000Z', 1),
      cursor('+10000-01-01T00:00:00.000Z', 1),
      cursor('0000-01-01T00:00:00.000Z', 1),
    ]) {
      const res = await call('GET', `/api/admin/contacts?limit=1&cursor=${c}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid cursor' });
    }
    const valid = await call(
      'GET',
      `/api/admin/contacts?limit=1&cursor=${cursor('2200-01-01T00:00:00.000Z', 2147483647)}`,
    );
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toHaveLength(1);
  });

  it('a send choosing 100,000 recipients (past the 65,535 parameters of one query) is answered', async () => {
    // The sender runs here (this file's app has it stopped to keep its tables still).
    const own = await createTestApp({ CONTACT_POW: 'off' });
    try {
      const ownCookie = await signIn(own.app);
      const lead = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello' };
      expect((await own.app.inject({ method: 'POST', url: '/api/contact', payload: lead })).statusCode).toBe(
        201,
      );
      const created = await own.app.inject({
        method: 'POST',
        url: '/api/admin/campaigns',
        headers: { cookie: ownCookie },
        payload: { name: 'News', subject: 'News', htmlContent: '<p>Hi</p>' },
      });
      const recipientIds = Array.from({ length: 100_000 }, (_, i) => i + 1);
      const res = await own.app.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${created.json().id}/send`,
        headers: { cookie: ownCookie },
        payload: { recipientIds },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ sentCount: 1, success: 1, pending: 0 });
    } finally {
      await own.close();
    }
  });

  it('a send while the sender is stopped (shutting down) keeps the recipients pending, no 5xx', async () => {
    const res = await call('POST', '/api/admin/campaigns/1/send', { recipientIds: [1] });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json()).toMatchObject({ sentCount: 0, pending: 1 });
  });

  it('a path id that is not plain decimal digits (1e3, 0x10, " 12", 12.0, +12) → 400; "1" names contact 1', async () => {
    // Number() reads all of these as numbers: 1e3 would answer contact 1000.
    for (const id of [
      '1e3',
      '1e0',
      '0x10',
      '0x1',
      '%201',
      '1%20',
      '1.0',
      '%2B1',
      '+1',
      '0b1',
      '1_0',
      'Infinity',
    ]) {
      const res = await call('GET', `/api/admin/contacts/${id}`);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().details.fieldErrors)).toContain('id');
    }
    const tag = await call('POST', '/api/admin/contacts/1/tags/1e0');
    expect(tag.statusCode, tag.body).toBe(400);
    expect(Object.keys(tag.json().details.fieldErrors)).toContain('tagId');
    const ok = await call('GET', '/api/admin/contacts/1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().contact).toMatchObject({ id: 1, name: 'Ada Lovelace' });
  });

  it('the largest id (2^31 − 1) is a valid id that names no row: 404', async () => {
    const res = await call('GET', '/api/admin/contacts/2147483647');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Contact not found' });
  });
});
