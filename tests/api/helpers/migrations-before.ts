import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../../../src/db/client.ts';

/** Drizzle's journal of the shipped migrations (`src/db/migrations/meta/_journal.json`), in order. */
export function migrationJournal(): { entries: { tag: string }[] } {
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
}

/**
 * Writes into `dir` a copy of the migrations folder that stops right before the migration whose
 * tag ends with `tagSuffix` (e.g. 'one_contact_per_address'), so a test can build the database an
 * owner had before that change, fill it, and let the app upgrade it. Found by name, not number,
 * so it holds when migrations are renumbered.
 * @returns `dir`. @throws when no migration has that tag.
 */
export function migrationsBefore(tagSuffix: string, dir: string): string {
  const journal = migrationJournal();
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (at === -1) throw new Error(`No migration tagged …${tagSuffix}`);
  journal.entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  for (const { tag } of journal.entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  }
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

/**
 * Like {@link migrationsBefore} but keeps the migration whose tag ends with `tagSuffix` too: the
 * migrations a release shipped with when that was its last one (CHANGELOG.md names it).
 */
export function migrationsThrough(tagSuffix: string, dir: string): string {
  const journal = migrationJournal();
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (at === -1) throw new Error(`No migration tagged …${tagSuffix}`);
  const next = journal.entries[at + 1];
  if (!next) {
    fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
    fs.cpSync(migrationsFolder, dir, { recursive: true });
    return dir;
  }
  return migrationsBefore(next.tag, dir);
}
