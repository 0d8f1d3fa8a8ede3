/**
 * `passerelle worker` as a child of the benchmark (`worker-processes.ts`): started with the gateway's node flags
 * like `serve` (processes.ts), ready once it logs that it runs (it has no HTTP listener to poll), and its CPU read
 * from /proc with its descendants', since the Saxon-HE engine's JVM is a child process, not a thread.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readStat } from './proc.ts';
import { adoptChild, ROOT, type ServerProcess, startFlags } from './processes.ts';

const PASSERELLE = fileURLToPath(new URL('../bin/passerelle.mjs', import.meta.url));
const READY = 'Passerelle worker running';

/**
 * Spawns `passerelle worker` with `env` and resolves once it logged that it runs (info level, read from its
 * stdout); its warnings and errors go to stderr prefixed with `label`. `url` is empty: it serves nothing.
 * `cpu`: pin it (and its JVM) to that CPU with `taskset`, which execs the command (same pid).
 * @throws when it exits first or is not running after `timeoutMs`.
 */
export function startWorkerProcess(env: Record<string, string>, label: string, cpu?: number, timeoutMs = 120_000): Promise<ServerProcess> {
  const command = [process.execPath, ...startFlags(), PASSERELLE, 'worker'];
  if (cpu !== undefined) command.unshift('taskset', '-c', String(cpu));
  const child = adoptChild(
    spawn(command[0]!, command.slice(1), {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} was not running after ${timeoutMs / 1000} s`)), timeoutMs);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited before running (code ${code}, signal ${signal})`));
    };
    child.once('exit', onExit);
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8').on('data', (text: string) => {
        for (const line of text.split('\n')) {
          if (!line.trim()) continue;
          if (line.includes(READY)) {
            clearTimeout(timer);
            child.off('exit', onExit);
            resolve({ url: '', pid: child.pid!, child });
          }
          // pino's levels: 40 warn, 50 error, 60 fatal; anything not JSON (a crash's stack) too.
          const level = /"level":(\d+)/.exec(line)?.[1];
          if (level === undefined || Number(level) >= 40) process.stderr.write(`[${label}] ${line}\n`);
        }
      });
    }
  });
}

/**
 * CPU ms of `pids` and of all their descendants, per pid given (one scan of /proc); undefined for a pid
 * whose /proc entry cannot be read (not Linux, or exited).
 */
export function treeCpuMs(pids: readonly number[]): Array<number | undefined> {
  const all = new Map<number, { cpuMs: number; ppid: number }>();
  try {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const entry = readStat(`/proc/${name}/stat`);
      if (entry) all.set(Number(name), entry);
    }
  } catch {
    return pids.map(() => undefined);
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of all) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const sum = (pid: number): number =>
    (all.get(pid)?.cpuMs ?? 0) + (children.get(pid) ?? []).reduce((total, child) => total + sum(child), 0);
  return pids.map((pid) => (all.has(pid) ? sum(pid) : undefined));
}
