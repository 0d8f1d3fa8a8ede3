/**
 * The gateway process seen from outside while a pipeline run lasts: its
 * resident memory (VmRSS, sampled) and CPU time (utime + stime) from /proc.
 * Both cover every thread of the process, so the validation workers (worker
 * threads) are in them. Where /proc is missing (not Linux) the numbers are
 * undefined or 0, and the report says so.
 */
import { processCpuMs, statusBytes, toMiB as mib } from './proc.ts';
import type { GatewayUsage } from './pipeline-types.ts';

const SAMPLE_MS = 200;

/** VmRSS of `pid` now, in MiB (0.1 MiB); undefined where /proc is not available. */
export function rssMiBNow(pid: number): number | undefined {
  const bytes = statusBytes(pid, 'VmRSS');
  return bytes === undefined ? undefined : mib(bytes);
}

/** Samples one process from `start()` to `stop()`. */
export class GatewayMonitor {
  private readonly samples: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private cpuAtStart: number | undefined;

  constructor(private readonly pid: number) {}

  /** Takes the first sample and samples every 200 ms from now on. */
  start(): void {
    this.startedAt = performance.now();
    this.cpuAtStart = processCpuMs(this.pid);
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  private sample(): void {
    const rss = statusBytes(this.pid, 'VmRSS');
    if (rss !== undefined) this.samples.push(rss);
  }

  /** Stops sampling; `documents` (processed during the run) gives the CPU time per document. */
  stop(documents: number): GatewayUsage {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    const seconds = (performance.now() - this.startedAt) / 1000;
    const cpuAtEnd = processCpuMs(this.pid);
    const cpu = cpuAtEnd !== undefined && this.cpuAtStart !== undefined ? cpuAtEnd - this.cpuAtStart : undefined;
    const hwm = statusBytes(this.pid, 'VmHWM');
    const peak = this.samples.reduce((max, value) => Math.max(max, value), 0);
    const mean = this.samples.length ? this.samples.reduce((sum, value) => sum + value, 0) / this.samples.length : 0;
    return {
      rssMiB: { atStart: mib(this.samples[0] ?? 0), peak: mib(peak), mean: mib(mean), samples: this.samples.length },
      peakRssMiB: hwm === undefined ? undefined : mib(hwm),
      cores: cpu === undefined || seconds <= 0 ? undefined : Math.round((cpu / 1000 / seconds) * 100) / 100,
      cpuMsPerDocument: cpu === undefined || documents <= 0 ? undefined : Math.round((cpu / documents) * 100) / 100,
    };
  }
}
