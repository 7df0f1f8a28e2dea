import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, all interfaces, ./data, demo mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      demoMode: true,
      admin: undefined,
      contactRateLimit: 5,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('lists every bad key at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        CONTACT_RATE_LIMIT: '0',
        SITE_EMAIL: 'nope',
        ADMIN_USERNAME: 'owner',
        TRUST_PROXY: 'maybe',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const keys = (caught as ConfigError).issues.map((i) => i.split(':')[0]);
    expect(keys.sort()).toEqual(
      ['ADMIN_PASSWORD', 'CONTACT_RATE_LIMIT', 'DATABASE_URL', 'PORT', 'SITE_EMAIL', 'TRUST_PROXY'].sort(),
    );
    expect((caught as ConfigError).message).toContain('Invalid configuration');
  });

  it('turns demo mode off when both admin variables are set, and wants a long password', () => {
    expect(loadConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long enough secret' })).toMatchObject({
      demoMode: false,
      admin: { username: 'owner', password: 'a long enough secret' },
    });
    expect(() => loadConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
