import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/logging.ts';
import { createTestApp, signIn, type TestApp } from '../api/helpers/test-app.ts';

/**
 * A failing request must not write personal data or secrets to the log. The app runs
 * with the production logger settings (src/server/logging.ts) at `info`, writing JSON lines here.
 */

const VAULT = 'correct vault password';

describe('log redaction', () => {
  let t: TestApp;
  let cookie: string;
  let lines: string[] = [];
  const log = () => lines.join('\n');

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp(
      { VAULT_PASSWORD: VAULT },
      { app: { logger: loggerOptions({ level: 'info', stream }) } },
    );
    cookie = await signIn(t.app);
  });
  beforeEach(() => {
    lines = [];
  });
  afterAll(async () => t.close());

  const execute = (query: string) => t.database.db.execute(sql.raw(query));

  it('a failed insert of a lead logs the failure but not the lead (query parameters)', async () => {
    await execute('alter table contacts rename to contacts_elsewhere');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'Zelda Quintessa',
          email: 'zelda.quintessa@example.com',
          phone: '+44 20 7946 0958',
          message: 'Our confidential merger plan needs a website',
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Internal server error' });
    } finally {
      await execute('alter table contacts_elsewhere rename to contacts');
    }
    expect(log()).toContain('request failed');
    // The failing SQL itself is kept (quoted by Drizzle's builder or written raw), its values not.
    expect(log()).toMatch(/insert into (\\"contacts\\"|contacts) /);
    for (const personal of ['Zelda', 'zelda.quintessa@example.com', '7946', 'confidential merger']) {
      expect(log()).not.toContain(personal);
    }
  });

  it('a constraint violation does not log the row values the database quotes in its detail', async () => {
    await execute('create unique index clients_email_unique on clients (email)');
    try {
      const client = { name: 'Harbour Goods', email: 'owner@harbour-goods.example' };
      const call = () =>
        t.app.inject({ method: 'POST', url: '/api/admin/clients', headers: { cookie }, payload: client });
      expect((await call()).statusCode).toBe(201);
      lines = [];
      expect((await call()).statusCode).toBe(500);
    } finally {
      await execute('drop index clients_email_unique');
    }
    expect(log()).toContain('clients_email_unique');
    expect(log()).not.toContain('owner@harbour-goods.example');
    expect(log()).not.toContain('Harbour Goods');
  });

  it('a failing credentials call logs neither the vault password, the session cookie nor the secret', async () => {
    // The insert itself fails, so its parameters and the database's "Failing row contains …" exist.
    await execute('alter table credentials add constraint credentials_frozen check (false) not valid');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/credentials',
        headers: { cookie, 'x-credentials-password': VAULT },
        payload: { companyName: 'Secretive Ltd', password: 'hunter2-the-real-one' },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await execute('alter table credentials drop constraint credentials_frozen');
    }
    expect(log()).toContain('credentials_frozen');
    for (const secret of [VAULT, cookie.slice('sid='.length), 'Secretive Ltd', 'hunter2-the-real-one']) {
      expect(log()).not.toContain(secret);
    }
  });

  it('secret-named fields are censored wherever a log call passes them, and plain messages stay', () => {
    t.app.log.warn(
      {
        password: 'pw-top-level',
        account: { password: 'pw-nested', refreshToken: 'rt-nested', accessToken: 'at-nested' },
        headers: { cookie: 'sid=cookie-value', 'x-credentials-password': 'vault-header-value' },
        err: 'SMTP 550 mailbox unavailable',
      },
      'mail failed; will retry',
    );
    const line = log();
    expect(line).toContain('SMTP 550 mailbox unavailable');
    expect(line).toContain('[REDACTED]');
    for (const secret of ['pw-', 'rt-nested', 'at-nested', 'cookie-value', 'vault-header-value']) {
      expect(line).not.toContain(secret);
    }
  });

  it('the OAuth callback URL is logged without its code and state, and searches without their text', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?state=STATE-4f1c9a&code=4%2F0AVG7fiQ-the-grant-code&scope=email',
      headers: { cookie },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts?Q=x&q=zelda.quintessa%40example.com&status=new',
      headers: { cookie },
    });
    expect(log()).toContain('/api/auth/google/callback?state=[REDACTED]&code=[REDACTED]&scope=email');
    expect(log()).toContain('/api/admin/contacts?Q=[REDACTED]&q=[REDACTED]&status=new');
    for (const secret of ['STATE-4f1c9a', 'the-grant-code', 'zelda']) expect(log()).not.toContain(secret);
  });
});
