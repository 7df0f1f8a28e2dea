// `npm run backup [PATH]`: one consistent, compressed backup of the database. The
// embedded database is copied while the server keeps running; PostgreSQL goes through pg_dump.
// Default place: DATA_DIR/backups/backup-<UTC time>.tar.gz (.pgdump on PostgreSQL).
import { backupCommand } from '../src/server/backup/backup-commands.ts';
import { BackupError } from '../src/server/backup/pglite-backup.ts';
import { applyEnvFile, ConfigError, loadConfig } from '../src/server/config.ts';

process.umask(0o077);
try {
  applyEnvFile();
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error(
      'Usage: npm run backup [-- PATH]   (PATH: a folder, or the new file; default DATA_DIR/backups/)',
    );
    process.exit(2);
  }
  const config = loadConfig();
  const file = await backupCommand(config, args[0]);
  console.log(`✔ Backup written: ${file}`);
  // The secret is not in the database: without it a restore loses the Gmail token and old unsubscribe links.
  if (!config.appSecret)
    console.log(
      `  Keep ${config.dataDir}/app-secret safe too (it is not in the backup; see docs/deploy.md 'Backups').`,
    );
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  throw error;
}
