/**
 * The fan-out's measurement (used by `subscribers.ts`): warms the path up,
 * then records the measured statuses one at a time and times, for each
 * subscriber, how long after the POST was sent it received the event, with
 * this process's and the gateway's CPU time per round. Two statuses of the
 * probe code warm the path up, unmeasured (`WARMUP_STATUSES`). Each measured
 * status has its own code (201, 202, …), so a late probe can never pass for
 * a measured event.
 *
 * The receipt time is taken in the `next` callback, i.e. after this
 * process's event loop got to that socket: with hundreds of sockets receiving
 * at once, it includes this process's own queueing. `eventLoopUtilization`
 * per round says how busy this process was.
 */
import { performance } from 'node:perf_hooks';
import { processCpuMs, statusBytes, toMiB } from './proc.ts';
import { PROBE_CODE, recordStatus, sleep, until, type SubscriberPool } from './subscriber-pool.ts';
import type { FanoutJob, FanoutMeasurement, FanoutRound } from './fanout-types.ts';

/** Non-final codes (no AFTER_FINAL_STATUS afterwards, no state change), one per measured round. */
export const ROUND_CODES = [201, 202, 203, 204, 205, 206, 207, 208, 209, 211] as const;
const ROUND_TIMEOUT_MS = 10_000;
/** Pause after each round, so one round's tail (GC, socket writes) is not billed to the next. */
const ROUND_GAP_MS = 500;
/** Unmeasured statuses fanned out to every subscriber before the measured ones. */
export const WARMUP_STATUSES = 2;

/** `ms` rounded to 0.1 ms. */
export const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** Nearest-rank percentile of sorted `values`. */
function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** VmRSS of `pid` in MiB (0.1 MiB resolution); undefined where /proc is not available. */
export function rssMiB(pid: number): number | undefined {
  const bytes = statusBytes(pid, 'VmRSS');
  return bytes === undefined ? undefined : toMiB(bytes);
}

/** State of one measured status while it fans out. */
interface RoundState {
  code: number;
  /** Receipt time per subscriber (NaN: not yet). */
  at: Float64Array;
  count: number;
  eventIds: Set<string>;
  duplicates: number;
  /** Set once the round is measured: later receipts are ignored (counted as missing). */
  closed: boolean;
}

/** Records `WARMUP_STATUSES` probe-code statuses, each awaited until `live` subscribers got it (at most `ROUND_TIMEOUT_MS`). */
export async function warmUp(pool: SubscriberPool, job: FanoutJob, live: number): Promise<void> {
  // Like the HTTP scenarios' warm-up: statuses fanned out to everyone, unmeasured, so the first
  // measured one does not pay for the gateway's (and this process's) first compilation of the path.
  for (let w = 1; w <= WARMUP_STATUSES; w++) {
    pool.probed.fill(0);
    await recordStatus(job, PROBE_CODE, `${job.eventIdPrefix}-warmup-${w}`);
    await until(() => pool.probed.reduce((sum, x) => sum + x, 0) >= live, ROUND_TIMEOUT_MS);
    await sleep(ROUND_GAP_MS);
  }
}

/**
 * Records and measures `job.rounds` statuses (codes from `ROUND_CODES`), one after the other, each
 * awaited until `live` subscribers got it (at most `ROUND_TIMEOUT_MS`).
 * Returns each round and every receipt latency (ms after its POST was sent, unsorted).
 */
export async function measureRounds(
  pool: SubscriberPool,
  job: FanoutJob,
  live: number,
): Promise<{ measured: FanoutRound[]; allLatencies: number[] }> {
  const n = pool.n;
  const rounds: RoundState[] = [];
  const roundOfCode = new Map<number, RoundState>();
  pool.onStatus = (i, code, eventId, now) => {
    const round = roundOfCode.get(code);
    if (!round) return false;
    if (round.closed) return true;
    if (!Number.isNaN(round.at[i]!)) {
      round.duplicates++;
      pool.fail(`subscriber ${i} received status ${code} twice`);
      return true;
    }
    round.at[i] = now;
    round.count++;
    round.eventIds.add(eventId);
    return true;
  };

  const measured: FanoutRound[] = [];
  const allLatencies: number[] = [];
  for (let r = 0; r < job.rounds; r++) {
    const code = ROUND_CODES[r]!;
    const round: RoundState = { code, at: new Float64Array(n).fill(NaN), count: 0, eventIds: new Set(), duplicates: 0, closed: false };
    rounds.push(round);
    roundOfCode.set(code, round);
    const cpu = process.cpuUsage();
    const elu = performance.eventLoopUtilization();
    const gatewayCpu = processCpuMs(job.gatewayPid);
    const { sentAt, recordMs } = await recordStatus(job, code, `${job.eventIdPrefix}-round-${r + 1}`);
    await until(() => round.count >= live, ROUND_TIMEOUT_MS);
    round.closed = true;
    const gatewayCpuAfter = processCpuMs(job.gatewayPid);
    const cpuUsed = process.cpuUsage(cpu);
    const latencies: number[] = [];
    for (const at of round.at) if (!Number.isNaN(at)) latencies.push(at - sentAt);
    latencies.sort((a, b) => a - b);
    allLatencies.push(...latencies);
    measured.push({
      code,
      received: round.count,
      latencyMs: {
        min: round1(latencies[0] ?? NaN),
        p50: round1(percentile(latencies, 50)),
        p90: round1(percentile(latencies, 90)),
        p99: round1(percentile(latencies, 99)),
        max: round1(latencies[latencies.length - 1] ?? NaN),
      },
      recordMs: round1(recordMs),
      eventIds: [...round.eventIds],
      duplicates: round.duplicates,
      subscriberCpuMs: round1((cpuUsed.user + cpuUsed.system) / 1000),
      subscriberEventLoopUtilization: Math.round(performance.eventLoopUtilization(elu).utilization * 100) / 100,
      gatewayCpuMs: gatewayCpu !== undefined && gatewayCpuAfter !== undefined ? gatewayCpuAfter - gatewayCpu : undefined,
    });
    if (round.eventIds.size > 1)
      pool.fail(`status ${code} reached subscribers as ${round.eventIds.size} different events: ${[...round.eventIds].join(', ')}`);
    await sleep(ROUND_GAP_MS);
  }
  return { measured, allLatencies };
}

/** Percentiles (ms, 0.1 ms resolution) of every receipt of every round together; sorts `allLatencies` in place. */
export function aggregateLatencies(allLatencies: number[]): FanoutMeasurement['latencyMs'] {
  allLatencies.sort((a, b) => a - b);
  return {
    p50: round1(percentile(allLatencies, 50)),
    p90: round1(percentile(allLatencies, 90)),
    p99: round1(percentile(allLatencies, 99)),
    max: round1(allLatencies[allLatencies.length - 1] ?? NaN),
  };
}
