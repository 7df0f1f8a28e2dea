// `npm run admin:reset-2fa`: removes every second factor (passkeys, the authenticator app, recovery
// codes) of the owner, for an owner locked out. It needs shell access to the server
// and nothing else; the password alone signs in again afterwards. Recorded on the Security screen.
// On the embedded database, stop the server first (the data folder is locked while it runs).
import os from 'node:os';
import { openDatabase } from '../src/db/client.ts';
import { resetSecondFactors } from '../src/server/auth/second-factor.ts';
import { loadConfigOrExit } from '../src/server/config.ts';

const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const removed = await resetSecondFactors(database.db, {
    ip: null,
    userAgent: `admin:reset-2fa by ${os.userInfo().username} on ${os.hostname()}`,
  });
  console.log(
    `✔ Second factors removed: ${removed.passkeys} passkey(s), ${removed.totp} authenticator app(s), every recovery code.`,
  );
  console.log('  Sign in with the password alone, then add a factor again on /admin/security.');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
}
