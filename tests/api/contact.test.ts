import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We need a booking site for our bakery.',
  phone: '(123) 456-7890',
  preferTextAndCall: true,
};

describe('POST /api/contact', () => {
  let t: TestApp;
  // Each request comes from its own address so the per-address rate limit stays out of the way.
  let ip = 0;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      remoteAddress: `10.0.0.${++ip}`,
      headers,
    });
  const stored = async () => (await t.database.db.select({ n: count() }).from(contacts))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ CONTACT_RATE_LIMIT: '3', CONTACT_POW: 'off' });
  });
  afterAll(async () => t.close());

  it('stores a valid lead before answering 201', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '(123) 456-7890',
      preferTextAndCall: true,
      status: 'new',
      message: valid.message,
    });
  });

  it('accepts the minimal payload (phone and preference optional) and ignores unknown fields', async () => {
    const res = await post({ name: 'Bo', email: 'bo@example.com', message: 'Hi', extra: 'x' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, res.json().id));
    expect(row?.phone).toBeNull();
    expect(row?.preferTextAndCall).toBe(false);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['missing name', { ...valid, name: undefined }, 'name', 'Name is required.'],
    ['blank name', { ...valid, name: '   ' }, 'name', 'Name is required.'],
    ['long name', { ...valid, name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters.'],
    ['missing email', { ...valid, email: undefined }, 'email', 'Email is required.'],
    ['bad email', { ...valid, email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [
      'long email',
      { ...valid, email: `${'a'.repeat(250)}@x.io` },
      'email',
      'Email must be at most 254 characters.',
    ],
    ['missing message', { ...valid, message: undefined }, 'message', 'Message is required.'],
    [
      'long message',
      { ...valid, message: 'm'.repeat(5001) },
      'message',
      'Message must be at most 5,000 characters.',
    ],
    [
      'phone letters',
      { ...valid, phone: 'call me' },
      'phone',
      'Phone may contain only digits, spaces and + ( ) - .',
    ],
    ['long phone', { ...valid, phone: '1'.repeat(41) }, 'phone', 'Phone must be at most 40 characters.'],
    [
      'preference not boolean',
      { ...valid, preferTextAndCall: 'yes' },
      'preferTextAndCall',
      'preferTextAndCall must be true or false.',
    ],
  ];

  it.each(invalid)('%s → 400 naming the field, nothing stored', async (_label, payload, field, message) => {
    const before = await stored();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(message);
    expect(Object.keys(body.details.fieldErrors)).toContain(field);
    expect(await stored()).toBe(before);
  });

  it('rejects a non-JSON body with 415 and a body that is not an object with 400', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a&email=b@c.de&message=hi',
      remoteAddress: '10.0.1.1',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toMatch(/JSON/);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(valid),
      remoteAddress: '10.0.1.2',
    });
    expect(text.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
      remoteAddress: '10.0.1.3',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('answers 413 for a body over 16 KB and stores nothing', async () => {
    const before = await stored();
    const res = await post({ ...valid, message: 'x'.repeat(17 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large.' });
    expect(await stored()).toBe(before);
  });

  it('quarantines a honeypot submission: the same 201 to the bot, stored as spam (decision 037)', async () => {
    const res = await post({ ...valid, email: 'filled@example.com', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['id']);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, res.json().id));
    expect(row).toMatchObject({ status: 'spam', spamReasons: ['honeypot'] });
  });

  it('rate limits per client address with 429 and Retry-After', async () => {
    const from = (n: number) =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: `10.9.9.${n}` });
    for (let i = 0; i < 3; i++) expect((await from(1)).statusCode).toBe(201);
    const limited = await from(1);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/Too many requests/);
    expect((await from(2)).statusCode).toBe(201);
  });

  it('refuses a cross-site POST (CSRF) with 403', async () => {
    const res = await post(valid, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Cross-site/);
  });
});
