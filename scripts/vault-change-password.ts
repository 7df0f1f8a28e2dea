// `npm run vault:change-password`: re-wraps the vault's data key under a new password (no secret
// is re-encrypted). Reads VAULT_CURRENT_PASSWORD / VAULT_NEW_PASSWORD, or asks for them.
// On the embedded database, stop the server first (the data folder is locked while it runs).
import readline from 'node:readline/promises';
import { openDatabase } from '../src/db/client.ts';
import { loadConfigOrExit } from '../src/server/config.ts';
import { changeVaultPassword, InvalidVaultPassword } from '../src/server/vault/vault-keys.ts';

async function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing while the password is typed.
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  output._writeToOutput = (s: string) => {
    if (s.includes(question)) process.stdout.write(s);
  };
  const answer = await rl.question(question);
  rl.close();
  process.stdout.write('\n');
  return answer;
}

const config = loadConfigOrExit();
const current = process.env.VAULT_CURRENT_PASSWORD ?? (await ask('Current vault password: '));
const next = process.env.VAULT_NEW_PASSWORD ?? (await ask('New vault password (12+ characters): '));
if (next.length < 12) {
  console.error('✖ The new password must be at least 12 characters.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await changeVaultPassword(database.db, current, next);
  console.log('✔ Vault password changed. Every stored credential opens with the new password.');
  console.log('  Running instances may accept the old password for up to 5 minutes (cached keys).');
} catch (error) {
  console.error(error instanceof InvalidVaultPassword ? '✖ The current password is wrong.' : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
