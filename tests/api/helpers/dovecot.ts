import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { ImapFlow } from 'imapflow';

/**
 * A real IMAP server (Debian's dovecot-imapd) for the reply import tests (decision 023): its own
 * configuration and folders under a temp prefix, IMAP without TLS on a loopback port, one
 * passwd-file user, Maildir storage. `npm test` installs the package when missing
 * (scripts/test.mjs); DOVECOT_PATH points elsewhere.
 */
export interface Dovecot {
  port: number;
  user: string;
  password: string;
  /** `imap://user:pass@127.0.0.1:port/INBOX`, as IMAP_URL takes it. */
  url: string;
  stop(): Promise<void>;
}

export const DOVECOT = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';

/** Starts dovecot; resolves once it greets. Runs as root (the mail files belong to `nobody`). */
export async function startDovecot(user = 'owner@agency.test', password = 'p@ss/w rd%#?'): Promise<Dovecot> {
  if (spawnSync(DOVECOT, ['--version']).status !== 0) {
    throw new Error(
      `dovecot not found at ${DOVECOT}: run \`npm test\` (installs dovecot-imapd) or set DOVECOT_PATH`,
    );
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-dovecot-'));
  fs.chmodSync(prefix, 0o755);
  const mail = path.join(prefix, 'mail');
  fs.mkdirSync(mail, { mode: 0o777 });
  fs.chmodSync(mail, 0o777);
  const port = await getPort({ host: '127.0.0.1' });
  fs.writeFileSync(path.join(prefix, 'users'), `${user}:{PLAIN}${password}::::::\n`);
  const conf = path.join(prefix, 'dovecot.conf');
  fs.writeFileSync(
    conf,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${prefix}/run
state_dir = ${prefix}/state
log_path = ${prefix}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${mail}/%u
first_valid_uid = 1
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${prefix}/users
}
userdb {
  driver = static
  args = uid=65534 gid=65534 home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const log = () =>
    output + (fs.existsSync(`${prefix}/dovecot.log`) ? fs.readFileSync(`${prefix}/dovecot.log`, 'utf8') : '');
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited ${child.exitCode}: ${log()}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', (d) => {
        socket.end();
        resolve(d.toString().startsWith('* OK'));
      });
      socket.on('error', () => resolve(false));
    });
    if (greeted) break;
    if (Date.now() > deadline) throw new Error(`dovecot did not greet within 15 s: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    user,
    password,
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** An IMAP client signed in to `dovecot` as its user, for appending mail as a sender would. */
export async function connectImap(dovecot: Dovecot): Promise<ImapFlow> {
  const imap = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await imap.connect();
  return imap;
}
