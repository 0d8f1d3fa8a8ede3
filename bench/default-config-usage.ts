/**
 * Where the CPU went during one phase of the default-configuration scenario
 * (`default-config.ts`), read from /proc at the phase's start and end: the
 * gateway process (every thread), its main thread (the one that answers the
 * POSTs: `/proc/<pid>/task/<pid>`), everything else in the gateway (the
 * validation workers, GC helpers, libuv; Node names none of its threads, so
 * they cannot be told apart), and the whole machine (`/proc/stat`). Where
 * /proc is missing (not Linux) the numbers are undefined.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { readStat } from './proc.ts';

/** CPU over one phase. Cores: CPU seconds per wall second (2 = both cores of the bench machine). */
export interface PhaseUsage {
  seconds: number;
  gatewayCores?: number;
  /** The gateway's main thread: HTTP, group commit, the pipeline's and the connector's orchestration. */
  mainThreadCores?: number;
  /** The gateway's other threads: the validation workers (SaxonJS) above all. */
  otherThreadsCores?: number;
  /** Busy share of the whole machine, 0–1 (every process: PostgreSQL, the load generator, the floor, other sessions). */
  machineBusy?: number;
}

/** Busy and total jiffies of the machine (first line of /proc/stat); undefined when it cannot be read. */
function machineJiffies(): { busy: number; total: number } | undefined {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const numbers = values.map(Number);
    const total = numbers.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th values.
    return { busy: total - numbers[3]! - (numbers[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

interface Reading {
  at: number;
  process?: number;
  main?: number;
  machine?: { busy: number; total: number };
}

function read(pid: number): Reading {
  return {
    at: performance.now(),
    process: readStat(`/proc/${pid}/stat`)?.cpuMs,
    main: readStat(`/proc/${pid}/task/${pid}/stat`)?.cpuMs,
    machine: machineJiffies(),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Starts measuring process `pid`; the returned function ends the phase and gives its usage. */
export function measureUsage(pid: number): () => PhaseUsage {
  const start = read(pid);
  return () => {
    const end = read(pid);
    const seconds = (end.at - start.at) / 1000;
    const cores = (from?: number, to?: number) =>
      from === undefined || to === undefined || seconds <= 0 ? undefined : round2((to - from) / 1000 / seconds);
    const gatewayCores = cores(start.process, end.process);
    const mainThreadCores = cores(start.main, end.main);
    const machine =
      start.machine && end.machine && end.machine.total > start.machine.total
        ? round2((end.machine.busy - start.machine.busy) / (end.machine.total - start.machine.total))
        : undefined;
    return {
      seconds: round2(seconds),
      gatewayCores,
      mainThreadCores,
      otherThreadsCores:
        gatewayCores === undefined || mainThreadCores === undefined ? undefined : round2(Math.max(0, gatewayCores - mainThreadCores)),
      machineBusy: machine,
    };
  };
}

/** `gateway 1.52 cores (main 0.61, others 0.91), machine 97 % of 2 cores`, or what of it could be read. */
export function usageText(usage: PhaseUsage | undefined): string {
  if (!usage || usage.gatewayCores === undefined) return 'CPU not readable (no /proc)';
  const machine = usage.machineBusy === undefined ? '' : `, machine ${Math.round(usage.machineBusy * 100)} % of ${cpus().length} cores`;
  return `gateway ${usage.gatewayCores} cores (main thread ${usage.mainThreadCores ?? '?'}, other threads ${usage.otherThreadsCores ?? '?'})${machine}`;
}
