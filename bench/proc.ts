/**
 * A process seen from Linux's /proc: CPU time from a stat file and memory from the status file. The bench's
 * monitors (`monitor.ts`, `pipeline-monitor.ts`, `fanout-rounds.ts`, `default-config-usage.ts`,
 * `validation-engines.ts`, `worker-process.ts`) read through it; where /proc is missing (not Linux) each reading
 * is undefined.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Kernel clock ticks per second (`getconf CLK_TCK`; 100 if unknown), the unit of /proc CPU times. */
export function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

const TICKS = clockTicks();

/**
 * One /proc stat file (`/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat`): utime + stime in ms and the parent's
 * pid; undefined when it cannot be read (not Linux, or the process is gone).
 */
export function readStat(path: string): { cpuMs: number; ppid: number } | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    // Fields after the command name, which may hold spaces: ppid is the 2nd, utime and stime the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS };
  } catch {
    return undefined;
  }
}

/** utime + stime of process `pid` in ms (every thread); undefined where /proc/<pid>/stat cannot be read. */
export function processCpuMs(pid: number): number | undefined {
  return readStat(`/proc/${pid}/stat`)?.cpuMs;
}

/**
 * A memory line of /proc/<pid>/status in bytes: `VmRSS` (resident now) or `VmHWM` (the peak the kernel keeps for
 * the life of the process); undefined where it cannot be read.
 */
export function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Bytes as MiB rounded to 0.1 MiB. */
export const toMiB = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
