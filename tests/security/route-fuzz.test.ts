import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, contacts } from '../../src/db/schema/index.ts';
import { unsubscribeToken } from '../../src/server/campaigns/unsubscribe-token.ts';
import { type FakeGoogle, startFakeGoogle } from '../api/helpers/google.ts';
import { createTestApp, signIn, type TestApp } from '../api/helpers/test-app.ts';
import { type Fingerprint, fingerprinter, writeMarker } from './helpers/db-fingerprint.ts';

/**
 * Every registered route (`app.routeList`) is fuzzed with fast-check
 * — path parameters, query and JSON body carrying NUL bytes, ids past 2^31, unicode, lone
 * surrogates, wrong types and oversize values — signed in with the vault unlocked, and signed out.
 * No answer may be a 5xx, and a refused request (4xx) must leave every table as it was.
 * `FUZZ_RUNS` (per route, signed in; default 20) makes a deeper run.
 */

const VAULT = 'correct vault password';
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const MAX_INT = 2 ** 31 - 1;

interface FuzzCase {
  params: Record<string, string>;
  query: [string, string][];
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; text: string };
}

// ---- hostile values ---------------------------------------------------------------------------

const validId = fc.integer({ min: 1, max: 4 });
const nulText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `${a}\u0000${b}`);
const oddText = fc.constantFrom(
  '\u0000',
  '\ud800',
  'a\udfffb',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '😀'.repeat(120),
  'x'.repeat(250),
  '\r\n\t',
  ' ',
  '',
  '%_\\',
  "'; drop table contacts; --",
  '<img src=x onerror=alert(1)>',
  '{{name}}',
  '1e309',
  'NaN',
  '2147483648',
  '9007199254740993',
  '-1',
  '0x10',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
);
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const hostileText = fc.oneof(nulText, oddText, anyText);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    MAX_INT,
    2 ** 32,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    -1,
    0,
    0.5,
    1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.oneof(validId, hostileNumber), { maxLength: 4 }),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), hostileText, { maxKeys: 3 }),
);

/** A plausible value for every body field of every route: zod strips what a route does not use. */
const plausibleFields = {
  name: fc.constantFrom('Ada Lovelace', 'Zoë Ørsted 🚀', 'سارة'),
  email: fc.constantFrom('lead@example.com', 'zoe@example.org'),
  message: fc.constantFrom('We need a website.', 'Line one\nline two'),
  phone: fc.constantFrom('+1 (555) 010-0000', '020 7946 0000'),
  preferTextAndCall: fc.boolean(),
  notes: fc.constantFrom('Called twice.', ''),
  status: fc.constantFrom('new', 'contacted', 'qualified', 'converted', 'done', 'working'),
  subject: fc.constantFrom('Hello', 'Your quote'),
  content: fc.constantFrom('Thanks for writing.', 'See you soon.'),
  title: fc.constantFrom('Call back', 'Send quote'),
  description: fc.constantFrom('Before Friday', ''),
  priority: fc.constantFrom('low', 'medium', 'high'),
  dueAt: fc.constantFrom('2030-01-01T09:00:00Z', '2031-06-30T17:30:00+02:00'),
  completedAt: fc.constantFrom('2029-05-01T10:00:00Z', null),
  contactId: validId,
  recipientIds: fc.array(validId, { minLength: 1, maxLength: 3 }),
  companyName: fc.constantFrom('Harbour Goods', 'Acme'),
  // Never the admin's password: a fuzzed sign-in must not rotate the session under test.
  password: fc.constantFrom('not the admin password', 's3cr3t'),
  connectors: fc.constantFrom('STRIPE_KEY=sk_test_1', ''),
  htmlContent: fc.constantFrom('<p>Hi {{name}}</p>', '<h1>News</h1>'),
  color: fc.constantFrom('#22d3ee', '#D946EF'),
  company: fc.constantFrom('Acme Ltd', ''),
  username: fc.constantFrom('admin', 'owner'),
  scope: fc.constantFrom('read', 'write'),
  // A literal public address: no DNS lookup (none is reachable offline), and no inner address.
  url: fc.constantFrom('https://93.184.216.34/hook'),
  events: fc.constantFrom(['lead.created'], ['contact.erased', 'client.created']),
};
const fieldNames = Object.keys(plausibleFields);

const jsonBody: fc.Arbitrary<FuzzCase['body']> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.record(plausibleFields),
        fc.array(fc.tuple(fc.constantFrom(...fieldNames), hostileValue), { minLength: 1, maxLength: 3 }),
        fc.subarray(fieldNames, { maxLength: 2 }),
      )
      .map(([base, changes, dropped]) => {
        const value: Record<string, unknown> = { ...base };
        for (const [k, v] of changes) value[k] = v;
        for (const k of dropped) delete value[k];
        return { kind: 'json' as const, value };
      }),
  },
  { weight: 1, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<FuzzCase['body']>(
      { kind: 'json', value: { notes: 'x'.repeat(1_100_000) } },
      { kind: 'json', value: { name: 'n', email: 'a@b.co', message: 'm'.repeat(20_000) } },
      { kind: 'json', value: { recipientIds: Array.from({ length: 70_000 }, (_, i) => i + 1) } },
      { kind: 'raw', type: 'application/json', text: '{"name": "unterminated' },
      { kind: 'raw', type: 'application/json', text: `${'['.repeat(5000)}${']'.repeat(5000)}` },
      { kind: 'raw', type: 'text/plain', text: 'hello' },
      { kind: 'raw', type: 'application/x-www-form-urlencoded', text: 'name=a%00b' },
      {
        kind: 'raw',
        type: 'application/json',
        text: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}}}',
      },
    ),
  },
);

const cursorText = fc
  .tuple(
    fc.constantFrom(
      '2026-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      'x',
    ),
    fc.oneof(validId.map(String), hostileNumber.map(String), hostileText),
  )
  .map(([iso, id]) => Buffer.from(`${iso}|${id}`).toString('base64url'));
const queryValue = fc.oneof(
  hostileText,
  hostileNumber.map(String),
  fc.constantFrom('new', 'all', '10', '1'),
  cursorText,
);
const query = fc.array(
  fc.tuple(fc.constantFrom('q', 'status', 'limit', 'cursor', 'code', 'state', 'error', 'x'), queryValue),
  { maxLength: 4 },
);
const paramValue = fc.oneof(
  { weight: 3, arbitrary: validId.map(String) },
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber.map(String) },
);

// ---- requests ---------------------------------------------------------------------------------

/** Replaces lone surrogates by U+FFFD, as a browser does before it percent-encodes a URL. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const encode = (text: string) => encodeURIComponent(wellFormed(text));

const paramNames = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

/** Fuzzed cases for one route; `token` parameters also get real unsubscribe tokens. */
function caseArbitrary(url: string, method: string, tokens: string[]): fc.Arbitrary<FuzzCase> {
  const names = paramNames(url);
  const token = fc.oneof(paramValue, fc.constantFrom(...tokens));
  return fc.record({
    params: fc
      .tuple(...names.map((n) => (n === 'token' ? token : paramValue)))
      .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]!]))),
    query,
    body: hasBody(method) ? jsonBody : fc.constant({ kind: 'none' as const }),
  });
}

/**
 * Cases every route is tried with first: seeded ids and a plausible body, one with a contact
 * status and one with a client-task status, so each route is reached with input it accepts.
 */
function plausibleCases(url: string, method: string, token: string): [FuzzCase][] {
  // A real unsubscribe token, an id, and for a wildcard a real admin screen or reference-page file.
  const wildcard = url.startsWith('/api/docs/') ? 'swagger-ui.css' : 'contacts';
  const plausible = (name: string) => (name === 'token' ? token : name === '*' ? wildcard : '2');
  const params = Object.fromEntries(paramNames(url).map((n) => [n, plausible(n)]));
  const body = (status: string): FuzzCase['body'] => {
    if (!hasBody(method)) return { kind: 'none' };
    const value = Object.fromEntries(
      Object.entries(plausibleFields).map(([k, a]) => [k, fc.sample(a as fc.Arbitrary<unknown>, 1)[0]]),
    );
    return {
      kind: 'json',
      value: { ...value, status, recipientIds: [1, 2], contactId: 2, completedAt: null },
    };
  };
  return [[{ params, query: [], body: body('contacted') }], [{ params, query: [], body: body('done') }]];
}

function toUrl(route: string, c: FuzzCase): string {
  const path = route.replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
    encode(c.params[name ?? '*'] ?? ''),
  );
  const search = new URLSearchParams(c.query.map(([k, v]) => [k, wellFormed(v)])).toString();
  return search ? `${path}?${search}` : path;
}

const describeCase = (method: string, url: string, c: FuzzCase, res: LightMyRequestResponse) =>
  `${method} ${url} body=${JSON.stringify(c.body).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;

describe('route fuzzing', () => {
  let t: TestApp;
  let google: FakeGoogle;
  let cookie: string;
  let fingerprint: () => Promise<Fingerprint>;
  let marker: () => Promise<string>;
  let routes: { method: string; url: string }[];
  let tokens: string[];

  const send = (method: string, url: string, c: FuzzCase, signedIn: boolean) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(signedIn ? { cookie, 'x-credentials-password': VAULT } : {}),
        ...(c.body.kind === 'raw' ? { 'content-type': c.body.type } : {}),
      },
      ...(c.body.kind === 'json' ? { payload: c.body.value as object } : {}),
      ...(c.body.kind === 'raw' ? { payload: c.body.text } : {}),
    });

  beforeAll(async () => {
    google = await startFakeGoogle('studio@example.com');
    t = await createTestApp(
      {
        VAULT_PASSWORD: VAULT,
        LOGIN_RATE_LIMIT: '100000',
        CONTACT_RATE_LIMIT: '100000',
        GOOGLE_CLIENT_ID: 'test-client',
        GOOGLE_CLIENT_SECRET: 'test-secret',
        GOOGLE_ISSUER: google.issuerUrl,
      },
      {
        withPages: true,
        app: { visitFlushMs: 3_600_000, mailQueuePollMs: 3_600_000, campaignPollMs: 3_600_000 },
      },
    );
    // Background writers would change tables between the two looks at a refused request.
    await t.app.mailQueue.stop();
    await t.app.campaigns.stop();
    await t.app.webhooks.stop();
    await t.app.push.stop();
    cookie = await signIn(t.app);
    const seed = async (url: string, payload: object, signedIn = true) => {
      const res = await send(
        'POST',
        url,
        { params: {}, query: [], body: { kind: 'json', value: payload } },
        signedIn,
      );
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    };
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson']) {
      await seed(
        '/api/contact',
        { name, email: `${name.split(' ')[0]}@example.com`, message: 'Hello' },
        false,
      );
      await seed('/api/admin/tags', { name: `tag ${name}`, color: '#22d3ee' });
      await seed('/api/admin/tasks', { contactId: 1, title: `Call ${name}` });
      await seed('/api/admin/clients', { name });
      await seed('/api/admin/clients/1/tasks', { title: `Kick-off ${name}` });
      await seed('/api/admin/campaigns', {
        name,
        subject: 'News',
        htmlContent: '<p>Hi</p>',
        recipientIds: [1, 2],
      });
      await seed('/api/admin/credentials', { companyName: name, password: 'pw' });
      await seed('/api/admin/webhooks', { url: 'https://93.184.216.34/hook', events: ['lead.created'] });
      await seed('/api/admin/tokens', { name, scope: 'read' });
    }
    const tables = await fingerprinter(t.database, { sessions: ['id', 'token_hash', 'expires_at'] });
    // The sign-in log records refused sign-ins by design (decision 024), and on PostgreSQL the
    // rate-limit counters count every attempt, refused or not (decision 038): the tables a
    // refusal writes.
    fingerprint = async () => {
      const { sign_in_events: _log, rate_limits: _limits, ...rest } = await tables();
      return rest;
    };
    marker = writeMarker(t.database);
    // Deletions last, children before parents, so seeded rows are there for the other routes.
    const order = (r: { method: string; url: string }) =>
      r.method === 'DELETE' ? 100 - r.url.split('/').length : 0;
    routes = t.app.routeList.filter((r) => r.method !== 'HEAD').sort((a, b) => order(a) - order(b));
    tokens = await recipientTokens();
  });

  /**
   * Unsubscribe tokens of recipients that exist now: a fuzzed send of the draft may replace its
   * recipients (new ids), and a token of a gone recipient is refused, so the route would never
   * be reached.
   */
  async function recipientTokens(): Promise<string[]> {
    const rows = await t.database.db
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .orderBy(campaignRecipients.id)
      .limit(4);
    const ids = rows.length >= 2 ? rows.map((r) => r.id) : [1, 2, 3, 4];
    return ids.map((recipientId) => unsubscribeToken(t.app.unsubscribeKey, recipientId));
  }
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  /**
   * Runs `runs` cases against each route; checks status and, for a refusal, the tables.
   * @returns the routes that accepted at least one case (2xx or 3xx).
   */
  async function fuzzEveryRoute(signedIn: boolean, runs: number): Promise<string[]> {
    expect(routes.length).toBeGreaterThan(40);
    // Every route is fuzzed even after one fails, so a run reports all of them at once.
    const failures: string[] = [];
    const accepted = new Set<string>();
    for (const route of routes) {
      if (route.url.startsWith('/unsubscribe/')) tokens = await recipientTokens();
      // 'Not spam' accepts only a quarantined contact: the plausible id is quarantined first, so
      // the route is reached whatever the cases before it did to contact 2.
      if (route.url === '/api/admin/contacts/:id/not-spam') {
        await t.database.db.update(contacts).set({ status: 'spam' }).where(eq(contacts.id, 2));
      }
      // 'Move to spam' refuses a contact already there or converted (decision 057): contact 2 is a
      // new lead again first.
      if (route.url === '/api/admin/contacts/:id/spam') {
        await t.database.db.update(contacts).set({ status: 'new' }).where(eq(contacts.id, 2));
      }
      // The tables are fingerprinted again only after a case wrote something (the write marker
      // moved): most cases are refused without a write, and a fingerprint costs more than the request.
      let mark = await marker();
      let before = await fingerprint();
      const property = fc.assert(
        fc.asyncProperty(caseArbitrary(route.url, route.method, tokens), async (c) => {
          const url = toUrl(route.url, c);
          const res = await send(route.method, url, c, signedIn);
          const what = describeCase(route.method, url, c, res);
          expect(res.statusCode, what).toBeLessThan(500);
          // Signed in with the vault password, only a sign-in step with wrong credentials may be refused as unauthorised.
          // The reference page's files are served by @fastify/static, whose `send` answers 403 to a
          // path that could leave its folder (a backslash, an encoded slash or dot-dot): the refusal
          // wanted there, not a guard that turned the admin away.
          const staticRefusal = route.url === '/api/docs/static/*' && res.statusCode === 403;
          if (signedIn && !route.url.startsWith('/api/admin/login') && !staticRefusal)
            expect([401, 403], what).not.toContain(res.statusCode);
          if (res.statusCode < 400) accepted.add(`${route.method} ${route.url}`);
          const markAfter = await marker();
          if (markAfter !== mark) {
            const after = await fingerprint();
            if (res.statusCode >= 400) {
              expect(after, `a refused request changed the database: ${what}`).toEqual(before);
            }
            mark = markAfter;
            before = after;
          }
          const jsonRefusal =
            res.statusCode >= 400 &&
            url.startsWith('/api/') &&
            res.headers['content-type']?.toString().includes('json');
          if (jsonRefusal) expect(typeof res.json().error, what).toBe('string');
          if (signedIn && route.url === '/api/admin/logout' && res.statusCode === 204) {
            cookie = await signIn(t.app);
            mark = await marker();
            before = await fingerprint();
          }
        }),
        { numRuns: runs, endOnFailure: true, examples: plausibleCases(route.url, route.method, tokens[1]!) },
      );
      await property.catch((error: Error) => {
        failures.push(
          `${route.method} ${route.url}: ${error.cause instanceof Error ? error.cause.message : error.message}`,
        );
      });
    }
    expect(failures).toEqual([]);
    return [...accepted];
  }

  it('signed in with the vault unlocked: no route answers 5xx, and no refusal writes', async () => {
    const accepted = await fuzzEveryRoute(true, RUNS);
    // Each route was really reached: it accepted at least one case. A fuzzed case cannot sign in,
    // finish an OAuth flow, fetch the page templates (served only rendered) or merge contacts (a
    // merge needs two contacts with one address, which only a pre-upgrade database holds).
    const unreachable = [
      'POST /api/admin/login',
      'GET /api/auth/google/callback',
      'POST /api/admin/contacts/:id/merge',
      // The edit's plausible body always carries an address other contacts have (409 by design,
      // nothing written: checked above); its successes are tested in tests/api/contact-fields.test.ts.
      'PATCH /api/admin/contacts/:id',
      // The second sign-in step needs a right password first and a factor set up, which
      // demo mode refuses (the Security screen is read-only there: 409); a passkey needs an authenticator.
      'POST /api/admin/login/totp',
      'POST /api/admin/login/recovery',
      'POST /api/admin/login/passkey/options',
      'POST /api/admin/login/passkey',
      'POST /api/admin/security/passkeys/options',
      'POST /api/admin/security/passkeys',
      'PATCH /api/admin/security/passkeys/:id',
      'DELETE /api/admin/security/passkeys/:id',
      'POST /api/admin/security/totp',
      'POST /api/admin/security/totp/confirm',
      'DELETE /api/admin/security/totp',
      'POST /api/admin/security/recovery-codes',
      'POST /api/admin/security/step-up',
      // Signing other sessions out needs a step-up (decision 061), which demo mode refuses (409).
      'DELETE /api/admin/security/sessions/:id',
      'POST /api/admin/security/sessions/end-others',
      'POST /api/admin/security/step-up/totp',
      'POST /api/admin/security/step-up/passkey/options',
      'POST /api/admin/security/step-up/passkey',
      // Reached only with what the generic cases do not make: a new address (every plausible one is
      // a contact already: 409), a bulk action and selection, a multipart CSV file, a waiting
      // unmatched email, a `signature` field, a task left to delete. Each has its own API tests
      // (contact-add, contact-bulk, contact-import, replies-ingest, email-body, admin-crm); here
      // they are still fuzzed for 5xx and for refusals that write.
      'POST /api/admin/contacts',
      'POST /api/admin/contacts/bulk',
      'POST /api/admin/contacts/import',
      'POST /api/admin/unmatched-mail/:id/attach',
      'DELETE /api/admin/unmatched-mail/:id',
      'PUT /api/admin/mail/signature',
      'DELETE /api/admin/tasks/:taskId',
      // Needs interrupted recipients (a send a crash cut off) and their exact count: the
      // campaign-crash and campaign-recovery tests make them.
      'POST /api/admin/campaigns/:id/resend-interrupted',
      // A whole valid content document, and a publish of a draft that differs from the live site:
      // the site-content API tests make them (decision 067).
      'PUT /api/admin/site/draft',
      'POST /api/admin/site/publish',
      // A version that exists (the fuzzed numbers rarely name one) and a board column named by its
      // status (a word, where the fuzzer makes ids): the site-content and pipeline-board API tests.
      'POST /api/admin/site/versions/:n/restore',
      'GET /api/admin/pipeline/:status',
      // A browser's push subscription (an https endpoint on a public address, a real P-256 key)
      // and a device to remove: tests/api/push.test.ts makes them against a stand-in push service.
      'POST /api/admin/push/subscriptions',
      'DELETE /api/admin/push/subscriptions',
      'DELETE /api/admin/push/subscriptions/:id',
      // A multipart image or video (decision 070), a media file that exists (the fuzzed names are
      // not a content hash) and a time within the next year in the schedule's format (069): the
      // site-media and site-schedule API tests make them.
      'POST /api/admin/site/media',
      'GET /media/:name',
      'PUT /api/admin/site/schedule',
    ];
    const expected = routes
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !unreachable.includes(r) && !r.endsWith('.html'));
    expect(expected.filter((r) => !accepted.includes(r))).toEqual([]);
  });

  it('signed out: no route answers 5xx, and no refusal writes', async () => {
    await fuzzEveryRoute(false, Math.max(3, Math.round(RUNS / 3)));
  });
});
