/**
 * Child processes of the benchmark: the gateway (`bin/passerelle.mjs`), the
 * floor, the CLI, and the load generator. Every server runs in its own
 * process so no two of them, and never the load generator, share an event
 * loop. Every child is killed when the benchmark exits, also on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PASSERELLE = fileURLToPath(new URL('../bin/passerelle.mjs', import.meta.url));

/**
 * The Node.js flags `npm start` gives the gateway (e.g. its heap cap), read
 * from package.json so the benchmark measures the gateway exactly as shipped.
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(
    words.indexOf('node') + 1,
    words.findIndex((word) => word.endsWith('passerelle.mjs')),
  );
}
const FLOOR = fileURLToPath(new URL('./floor/server.ts', import.meta.url));

const children = new Set<ChildProcess>();
const exitTasks: Array<() => void> = [];
let cleanupInstalled = false;

/** Progress on stderr, with seconds since the start, so stdout holds only the report. */
export function log(message: string): void {
  process.stderr.write(`bench +${process.uptime().toFixed(1).padStart(5)} s: ${message}\n`);
}

/** Kills every child still running (SIGKILL: this runs on the way out, nothing waits). */
export function killChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

/** Runs `task` (synchronous) when the benchmark exits, even on Ctrl-C, where `finally` blocks do not run. */
export function onExit(task: () => void): void {
  exitTasks.push(task);
}

/** A fresh temporary directory, removed by `remove()` or, failing that, when the benchmark exits. */
export function temporaryDirectory(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(path, { recursive: true, force: true });
  onExit(remove);
  return { path, remove };
}

/** Makes sure no child outlives the benchmark, however it ends. */
export function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', () => {
    killChildren();
    for (const task of exitTasks.splice(0)) task();
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping children\n`);
      process.exit(code);
    });
  }
}

/** Registers `child` to be killed when the benchmark exits. */
export function adoptChild(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function track(child: ChildProcess, label: string): ChildProcess {
  adoptChild(child);
  // Server logs (LOG_LEVEL=warn) go to stderr with a prefix; a warning under load is worth seeing.
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`[${label}] ${line}\n`);
    });
  }
  return child;
}

/** A free TCP port on 127.0.0.1 (released just before the child binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A server child and where it answers. */
export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
}

async function waitForHttp(url: string, child: ChildProcess, label: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${label} exited before answering (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const reply = await fetch(url);
      await reply.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${label} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts `passerelle serve` with `env` (DATABASE_URL or DATA_DIR, DB_POOL_SIZE)
 * on a free port, logging at `warn`, and waits until it answers. With
 * `profileDir`, V8 writes a CPU profile there when the gateway stops.
 */
export async function startGateway(env: Record<string, string>, label = 'gateway', profileDir?: string): Promise<ServerProcess> {
  const port = await freePort();
  // One directory per gateway: V8 writes one file per thread (tsx's loader runs in a worker), and a
  // fixed --cpu-prof-name would make the threads overwrite each other.
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, `${label}-${Date.now()}`)}`] : [];
  const child = track(
    spawn(process.execPath, [...startFlags(), ...profile, PASSERELLE, 'serve'], {
      cwd: ROOT,
      // The fan-out scenario models a fleet of 1,000 dashboards sharing one tenant token: above the default caps.
      env: {
        ...process.env,
        SUBSCRIPTION_CONNECTIONS_PER_TOKEN: '5000',
        SUBSCRIPTIONS_PER_TOKEN: '5000',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    label,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/v1/openapi.json`, child, label);
  return { url, pid: child.pid!, child };
}

/** Starts the floor server (`bench/floor/server.ts`) on a free port and waits until it answers. */
export async function startFloor(env: { databaseUrl: string; token: string; poolSize: number }): Promise<ServerProcess> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', FLOOR], {
      cwd: ROOT,
      env: {
        ...process.env,
        FLOOR_DATABASE_URL: env.databaseUrl,
        FLOOR_TOKEN: env.token,
        FLOOR_POOL_SIZE: String(env.poolSize),
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    'floor',
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, child, 'floor');
  return { url, pid: child.pid!, child };
}

/** Stops a server child with SIGTERM (it closes its database cleanly), SIGKILL after 10 s. */
export async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs the `passerelle` CLI with `args` and `env`; resolves with the last
 * non-empty line of stdout (where `token create` prints the token alone).
 */
export function runPasserelle(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PASSERELLE, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', reject);
    child.once('exit', (code) => {
      children.delete(child);
      const lines = stdout
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      if (code === 0 && lines.length > 0) resolve(lines[lines.length - 1]!);
      else reject(new Error(`passerelle ${args.join(' ')} exited with ${code}: ${stderr.trim() || stdout.trim()}`));
    });
  });
}
