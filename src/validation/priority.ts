/**
 * The validation workers' CPU priority, applied by each worker thread (worker.ts): a nice value (Linux's
 * per-thread `setpriority`, VALIDATION_NICE) and, on Linux, the SCHED_IDLE policy (sched(7),
 * VALIDATION_SCHED_IDLE). Why: a document keeps a core busy in the artefacts, and on a small machine the workers
 * would take every core from the threads that acknowledge submissions; lowered, the 202s go first under load and
 * the pipeline catches up afterwards. Measured in docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Highest nice value (lowest priority) on Linux and macOS. */
export const MAX_NICE = 19;

/**
 * Lowers the calling thread's priority to nice `nice` (0-19; never raises it: a thread already nicer
 * stays so). On Linux only, where each thread has its id under /proc/thread-self; elsewhere, or when the
 * system refuses, nothing changes.
 * @returns the thread's nice value after the call, or undefined when it could not be read or set.
 */
export function lowerThreadPriority(nice: number): number | undefined {
  if (!Number.isInteger(nice) || nice < 0 || nice > MAX_NICE) throw new RangeError(`a nice value is 0-${MAX_NICE}, got ${nice}`);
  try {
    const threadId = ownThreadId();
    if (threadId === undefined) return undefined;
    if (getPriority(threadId) < nice) setPriority(threadId, nice);
    return getPriority(threadId);
  } catch {
    return undefined;
  }
}

/** The calling thread's id on Linux ("<pid>/task/<tid>"; setpriority and sched_setscheduler take it for that thread alone). */
function ownThreadId(): number | undefined {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  return Number.isInteger(threadId) && threadId > 0 ? threadId : undefined;
}

/**
 * Moves the calling thread to Linux's SCHED_IDLE policy with `chrt` (util-linux, on every Debian
 * system; Node has no binding for sched_setscheduler). Its nice value stays, and counts again should
 * the thread ever return to the normal policy.
 * @returns true when the thread runs under SCHED_IDLE, false when it could not be set (not Linux, no
 *   `chrt`, refused): the thread then keeps its policy and its nice value.
 */
export function idleThreadPolicy(): boolean {
  try {
    const threadId = ownThreadId();
    if (threadId === undefined) return false;
    execFileSync('chrt', ['--idle', '--pid', '0', String(threadId)], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}
