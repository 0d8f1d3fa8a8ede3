/** The `passerelle` command run as a user runs it: one-shot CLI calls, and `serve` processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/passerelle.mjs', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `passerelle …args` with `env` added to this process's environment (LOG_LEVEL warn unless given), in `cwd`. */
export function runCli(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the CLI and returns the last line it printed (a token). @throws when it exits non-zero. */
export async function cliLastLine(args: string[], env: Record<string, string> = {}): Promise<string> {
  const result = await runCli(args, env);
  if (result.code !== 0) throw new Error(`${args.join(' ')} exited with ${result.code}:\n${result.stdout}${result.stderr}`);
  return result.stdout.trim().split('\n').at(-1)!;
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/** The `Authorization` of the dev tenant whose token `served` printed on its first start (`export TOKEN=…`). */
export function printedBearer(served: ServeProcess): string {
  return `Bearer ${/export TOKEN=(\S+)/.exec(served.output())![1]}`;
}

/**
 * Starts `passerelle serve` on a free port of 127.0.0.1 (LOG_LEVEL info, so the
 * listening line carries the URL) and resolves once it listens. `track`
 * receives the child at once, so a test can stop it even if start-up fails.
 */
export function spawnServe(env: Record<string, string>, track: (child: ChildProcess) => void): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  track(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const url = /"url":"(http:[^"]+)"/.exec(output)?.[1];
      if (url) resolve({ child, url, output: () => output });
    });
    child.on('exit', (code, signal) => reject(new Error(`serve exited (${code ?? signal}):\n${output}`)));
  });
}

/** Stops `child` (SIGTERM, SIGKILL after 10 s) and resolves once it exited; a child already gone resolves at once. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
