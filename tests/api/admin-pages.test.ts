/**
 * The admin app is served only at the admin screens' paths (docs/product.md §2.1, the list in
 * src/shared/admin-paths.ts); any other /admin path answers the 404 page with status 404
 * (docs/product.md §2.1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { withPages: true });
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('admin paths', () => {
  it('serves the admin app at every screen of the route table', async () => {
    const admin = (await get('/admin')).body;
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/login',
      '/admin/contacts',
      '/admin/contacts/42',
      '/admin/contacts/2147483648',
      '/admin/clients',
      '/admin/campaigns',
      '/admin/credentials',
      '/admin/credentials/7',
      '/admin/gmail-setup',
      '/admin/site',
      '/admin/contacts/?q=anna',
      '/admin/Contacts',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toBe(admin);
    }
  });

  it('answers 404 with the 404 page for any other admin path', async () => {
    const notFound = await get('/no-such-page');
    expect(notFound.statusCode).toBe(404);
    for (const url of [
      '/admin/no-such-screen',
      '/admin/contacts/42/extra',
      '/admin/credentials/7/edit',
      '/admin/login/again',
      '/admin/gmail-setup-old',
      '/admin//contacts',
      '/admin/%00',
      `/admin/${'x'.repeat(2000)}`,
      '/admin/no-such-screen?next=/admin/contacts',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe(notFound.body);
    }
  });
});
