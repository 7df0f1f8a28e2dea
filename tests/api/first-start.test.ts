import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, pgliteTemplate } from '../../src/db/client.ts';
import { migrationJournal, migrationsBefore } from './helpers/migrations-before.ts';

/**
 * The embedded default's first start from the build's pre-initialised database (decisions 039 and
 * 054): the template is a gzip tarball made by src/db/init-pglite.mjs with the schema's migrations
 * applied, a new data folder is unpacked from it (no initdb in the first start), brought up to the
 * code's migrations, and usable; a broken template fails the start with a clear error and leaves
 * no folder a later start would take for a database.
 */
describe.runIf(!process.env.TEST_DATABASE_URL)('first start from the pre-initialised database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
  const template = path.join(dir, 'template.tar.gz');

  const journal = migrationJournal();

  // A template one migration behind the code: what a build made before the last migration holds.
  beforeAll(() => {
    const script = new URL('../../src/db/init-pglite.mjs', import.meta.url).pathname;
    const older = migrationsBefore(journal.entries.at(-1)!.tag, path.join(dir, 'migrations'));
    const made = spawnSync(process.execPath, ['--liftoff-only', script, '--template', template, older], {
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names the template after the PGlite release that made it', () => {
    const { version } = JSON.parse(
      fs.readFileSync(
        new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
        'utf8',
      ),
    ) as { version: string };
    expect(path.basename(pgliteTemplate)).toBe(`pglite-${version}.tar.gz`);
    expect(fs.statSync(template).size).toBeGreaterThan(1_000_000);
  });

  it("the build's template holds every migration, so a first start applies none", async () => {
    const db = await PGlite.create({
      loadDataDir: new Blob([fs.readFileSync(pgliteTemplate)]),
      extensions: PGLITE_EXTENSIONS,
    });
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(rows[0]?.n).toBe(journal.entries.length);
    await db.close();
  });

  it('unpacks a new data folder, applies the migrations the template lacks, keeps a row, and reopens it', async () => {
    const dataDir = path.join(dir, 'data');
    const database = await openDatabase({ dataDir, template });
    const migrated = (await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    expect(migrated.rows[0]?.n).toBe(journal.entries.length);
    await database.db.execute(
      sql`insert into contacts (name, email, message) values ('First Start', 'first@example.com', 'Hi')`,
    );
    await database.close();
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('.new-'))).toEqual([]);
    expect(fs.statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    // The template is not read again: a later start opens the folder as it is.
    const again = await openDatabase({ dataDir, template: path.join(dir, 'gone.tar.gz') });
    const rows = (await again.db.execute(sql`select email from contacts`)) as unknown as {
      rows: { email: string }[];
    };
    expect(rows.rows.map((r) => r.email)).toEqual(['first@example.com']);
    await again.close();
  });

  it('refuses a broken template and leaves no folder behind', async () => {
    const dataDir = path.join(dir, 'broken');
    const broken = path.join(dir, 'broken.tar.gz');
    fs.writeFileSync(broken, 'not a tarball');
    await expect(openDatabase({ dataDir, template: broken })).rejects.toThrow(
      /unpacking the embedded database failed/,
    );
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('pglite'))).toEqual([]);
  });
});
