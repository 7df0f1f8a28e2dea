// `npm run bench:vault`: what opening the credentials vault costs (DESIGN §3 'Credentials vault').
// Argon2id with the production parameters (64 MiB, 3 passes, 4 lanes) is timed alone, then over
// HTTP: the first credentials call of a session (pays the KDF) and the calls after it (the
// unwrapped key is cached for the session). PGlite in a temporary folder; p50 / p95 in ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { unlockVault } from '../src/server/vault/vault-keys.ts';
import { DEMO_VAULT_PASSWORD, VAULT_PASSWORD_HEADER } from '../src/shared/credentials.ts';
import { percentile } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vault-'));
const summary = (label: string, values: number[]) =>
  console.log(
    `${label}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms (${values.length} runs)`,
  );

try {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '100000' });
  const database = await openDatabase({ dataDir });
  const app = await buildApp({ config, database, pages: null });
  await app.ready();

  const kdf: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await unlockVault(database.db, DEMO_VAULT_PASSWORD);
    kdf.push(performance.now() - start);
  }

  const signIn = async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'demo-admin' },
    });
    return `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  };
  const list = async (cookie: string) => {
    const start = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/credentials',
      headers: { cookie, [VAULT_PASSWORD_HEADER]: DEMO_VAULT_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`credentials answered ${res.statusCode}: ${res.body}`);
    return performance.now() - start;
  };

  const first: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cookie = await signIn();
    first.push(await list(cookie));
    for (let j = 0; j < 5; j++) cached.push(await list(cookie));
  }

  summary('Argon2id unwrap (64 MiB, t=3, p=4)', kdf);
  summary('first credentials call of a session', first);
  summary('later calls (key cached)', cached);
  await app.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
