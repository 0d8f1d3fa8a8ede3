/**
 * Watching a server process from outside: its peak resident memory, and
 * whether it has gone idle. Waiting for idle between scenarios keeps work a
 * scenario leaves behind (anything the gateway does after replying, e.g.
 * lifecycle events scheduled per submission) from being billed to the next.
 */
import pidusage from 'pidusage';
import { statusBytes } from './proc.ts';

/** How long the wait took, and whether the process did go quiet. */
export interface Settled {
  seconds: number;
  idle: boolean;
}

const SAMPLE_MS = 250;
/** Below this CPU share (percent of one core) the process counts as idle. */
const IDLE_CPU_PERCENT = 10;

/**
 * Resolves once process `pid` has used less than 10 % of a core for
 * `quietSeconds` in a row, or after `maxSeconds` (then `idle` is false).
 * `quietSeconds` 0 returns at once.
 */
export async function settle(pid: number, quietSeconds: number, maxSeconds: number): Promise<Settled> {
  const started = Date.now();
  if (quietSeconds <= 0) return { seconds: 0, idle: true };
  let quietSince: number | undefined;
  await pidusage(pid); // pidusage measures CPU between calls: this call sets the baseline.
  while (Date.now() - started < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    const { cpu } = await pidusage(pid);
    const now = Date.now();
    if (cpu >= IDLE_CPU_PERCENT) quietSince = undefined;
    else quietSince ??= now - SAMPLE_MS;
    if (quietSince !== undefined && now - quietSince >= quietSeconds * 1000) {
      return { seconds: (now - started) / 1000, idle: true };
    }
  }
  return { seconds: (Date.now() - started) / 1000, idle: false };
}

/**
 * The process's peak resident set so far (`VmHWM` in /proc/<pid>/status,
 * which the kernel keeps for the whole life of the process), in bytes;
 * undefined where /proc is not available (then see `RssSampler`).
 */
export function peakRss(pid: number): number | undefined {
  return statusBytes(pid, 'VmHWM');
}

/**
 * Peak RSS of a process: VmHWM where Linux provides it, else the highest of
 * pidusage samples taken every 200 ms (which can miss a short spike).
 */
export class RssSampler {
  private sampledPeak = 0;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {
    if (peakRss(pid) !== undefined) return;
    this.timer = setInterval(() => void this.sample(), 200);
    this.timer.unref();
  }

  private async sample(): Promise<void> {
    try {
      this.sampledPeak = Math.max(this.sampledPeak, (await pidusage(this.pid)).memory);
    } catch {
      // The process is gone or not readable: keep the peak seen so far.
    }
  }

  /** Peak RSS in bytes so far, and how it was measured. */
  peak(): { bytes: number; source: 'VmHWM' | 'pidusage' } {
    const hwm = peakRss(this.pid);
    return hwm !== undefined ? { bytes: hwm, source: 'VmHWM' } : { bytes: this.sampledPeak, source: 'pidusage' };
  }

  /** Stops sampling. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
