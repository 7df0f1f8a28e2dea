// `npm run scrub`: with the server stopped, rewrites every table of the embedded database so no
// file of DATA_DIR/pglite keeps the bytes of erased people (docs/personal-data.md). The running
// server does this after each erasure only for the tables it can rewrite within about 1 s each.
import { applyEnvFile, ConfigError, loadConfig } from '../src/server/config.ts';
import { ScrubError, scrubDataFolder } from '../src/server/contacts/scrub-command.ts';

process.umask(0o077);
try {
  applyEnvFile();
  if (process.argv.length > 2) {
    console.error('Usage: npm run scrub   (stop the server first)');
    process.exit(2);
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const done = await scrubDataFolder(loadConfig(), (table, i, count) =>
    console.log(`  ${i + 1}/${count} ${table.name} (${mb(table.bytes)})…`),
  );
  console.log(
    `✔ ${done.tables} tables rewritten in ${(done.ms / 1000).toFixed(1)} s; no file of the database keeps erased rows.`,
  );
} catch (error) {
  if (error instanceof ScrubError || error instanceof ConfigError) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  throw error;
}
