// `npm run restore FILE [--force]`: brings a backup of `npm run backup` (or a daily one) back
// into an empty data folder / database. A non-empty one is replaced only with
// --force; the embedded database it replaces is moved aside, never deleted. Stop the server first.
import { restoreCommand } from '../src/server/backup/backup-commands.ts';
import { BackupError } from '../src/server/backup/pglite-backup.ts';
import { applyEnvFile, ConfigError, loadConfig } from '../src/server/config.ts';

process.umask(0o077);
try {
  applyEnvFile();
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error('Usage: npm run restore -- FILE [--force]');
    process.exit(2);
  }
  console.log(`✔ ${await restoreCommand(loadConfig(), files[0]!, force)}`);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  const message = error instanceof Error ? error.message : String(error);
  // The lock file's message: a server (or script) holds the data folder.
  console.error(
    `✖ ${message}${/already in use/.test(message) ? '\n  Stop the server before restoring.' : ''}`,
  );
  process.exit(1);
}
