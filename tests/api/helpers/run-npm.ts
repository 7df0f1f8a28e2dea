import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Runs `npm run <script> -- args` as an owner would (no `.env`, quiet logs), with `env` added.
 * @returns the exit code and everything printed (stdout and stderr together).
 */
export function runNpm(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn('npm', ['run', '-s', script, '--', ...args], {
      env: { ...process.env, ENV_FILE: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c) => {
      output += c;
    });
    child.stderr!.on('data', (c) => {
      output += c;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}
