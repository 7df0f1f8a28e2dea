import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEnvFile, ConfigError, configKeys, loadConfig } from '../../src/server/config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, loopback only, ./data, demo mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
      demoMode: true,
      admin: undefined,
      contactRateLimit: 30,
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
      [
        'ADMIN_PASSWORD',
        'APP_SECRET',
        'CONTACT_RATE_LIMIT',
        'DATABASE_URL',
        'PORT',
        'SITE_EMAIL',
        'TRUST_PROXY',
      ].sort(),
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

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses "true"', () => {
    const local = { APP_URL: 'https://agency.example' };
    expect(loadConfig({ ...local, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...local, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toBe(
      '127.0.0.1,10.0.0.0/8,::1',
    );
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/9']) {
      expect(() => loadConfig({ ...local, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: /);
    }
    // A hop count cannot tell a proxy from a client connecting directly to a public address.
    expect(() =>
      loadConfig({
        ...local,
        TRUST_PROXY: '1',
        HOST: '0.0.0.0',
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'a long enough secret',
      }),
    ).toThrow(/TRUST_PROXY: a hop count trusts whoever connects/);
    expect(
      loadConfig({ ...local, TRUST_PROXY: '10.0.0.5', HOST: '0.0.0.0', DEMO_MODE: 'true' }).trustProxy,
    ).toBe('10.0.0.5');
    expect(() => loadConfig({ ...local, TRUST_PROXY: 'true' })).toThrow(
      /number of proxies .*\(e.g. 1\) or their addresses/,
    );
  });

  describe('refuses settings that are unsafe on the internet', () => {
    const admin = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long enough secret' };
    const issuesOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).issues;
      }
    };

    it('demo mode on a public address, unless DEMO_MODE=true asks for it', () => {
      for (const host of ['0.0.0.0', '::', '192.0.2.10', 'example.com']) {
        const issues = issuesOf({ HOST: host, APP_URL: 'https://agency.example' });
        expect(issues, host).toHaveLength(1);
        expect(issues[0]).toMatch(/^ADMIN_USERNAME, ADMIN_PASSWORD: required on HOST=/);
      }
      for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', '::1', '[::1]']) {
        expect(issuesOf({ HOST: host }), host).toEqual([]);
      }
      const demo = loadConfig({ HOST: '0.0.0.0', DEMO_MODE: 'true', APP_URL: 'https://demo.example' });
      expect(demo).toMatchObject({ demoMode: true, publicDemo: true, host: '0.0.0.0' });
      expect(issuesOf({ ...admin, DEMO_MODE: 'true' })[0]).toMatch(/^DEMO_MODE: /);
    });

    it('a public address or a proxy without APP_URL', () => {
      expect(issuesOf({ ...admin, HOST: '0.0.0.0' })).toEqual([
        expect.stringMatching(/^APP_URL: required on HOST=0\.0\.0\.0/),
      ]);
      expect(issuesOf({ ...admin, TRUST_PROXY: '1' })).toEqual([
        expect.stringMatching(/^APP_URL: required behind a proxy/),
      ]);
      const config = loadConfig({ ...admin, HOST: '0.0.0.0', APP_URL: 'https://agency.example/' });
      expect(config.publicUrl).toBe('https://agency.example');
      expect(loadConfig(admin).publicUrl).toBe('http://localhost:3000');
    });

    it('a PostgreSQL server without a shared APP_SECRET', () => {
      const db = { DATABASE_URL: 'postgres://db/agency' };
      expect(issuesOf(db)).toEqual([expect.stringMatching(/^APP_SECRET: required with DATABASE_URL/)]);
      expect(issuesOf({ ...db, APP_SECRET: 'x'.repeat(32) })).toEqual([]);
    });
  });

  it('.env.example and the table in docs/configuration.md list every setting', () => {
    const example = fs.readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const table = fs.readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    expect(configKeys.length).toBeGreaterThan(25);
    for (const key of configKeys) {
      expect(example, key).toMatch(new RegExp(`^# ${key}=`, 'm'));
      expect(table, key).toMatch(new RegExp(`^\\| [^|]*\`${key}\``, 'm'));
    }
  });

  it('applyEnvFile: the file fills what the environment leaves unset', () => {
    const file = `${fs.mkdtempSync('/tmp/agency-env-')}/.env`;
    fs.writeFileSync(file, 'PORT=4000\nSITE_NAME="Quoted # Name"\n# HOST=0.0.0.0\n');
    const target: Record<string, string | undefined> = { ENV_FILE: file, PORT: '5000' };
    expect(applyEnvFile(target)).toEqual(['SITE_NAME']);
    expect(target).toMatchObject({ PORT: '5000', SITE_NAME: 'Quoted # Name' });
    expect(target.HOST).toBeUndefined();
    expect(applyEnvFile({ ENV_FILE: '' })).toEqual([]);
    expect(applyEnvFile({ ENV_FILE: `${file}.missing` })).toEqual([]);
  });
});

describe('command-line entry points with a bad setting', () => {
  // Each prints the one "Invalid configuration" block and exits 1: no stack trace, nothing opened.
  for (const script of ['admin-reset-2fa.ts', 'vault-change-password.ts']) {
    it(`scripts/${script} names the key and exits 1`, () => {
      // A folder of its own: a script that wrongly went on would open a database there, not in /tmp.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-config-'));
      const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, ENV_FILE: '', PORT: 'eighty', DATA_DIR: dataDir },
        encoding: 'utf8',
        input: '',
        timeout: 60_000,
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Invalid configuration:');
      expect(result.stderr).toMatch(/- PORT: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  }
});
