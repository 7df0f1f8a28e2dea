import { spawn } from 'node:child_process';

/**
 * Runs `command` with `args` to its end, its stdout ignored and its stderr kept for the error.
 * `options.channel`: a Node script gets an IPC channel (fd 3), whose `disconnect` tells it that
 * this process went away (scrub-snapshot.mjs then ends, instead of running on orphaned for
 * minutes).
 * @throws naming `what`, with the child's stderr, when it does not exit 0 (or cannot start).
 */
export async function runChild(
  command: string,
  args: string[],
  what: string,
  options: { channel?: boolean } = {},
): Promise<void> {
  const child = spawn(command, args, {
    stdio: options.channel ? ['ignore', 'ignore', 'pipe', 'ipc'] : ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${what} failed (exit ${code}): ${stderr.trim()}`);
}
