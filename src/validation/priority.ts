/**
 * The validation workers' CPU priority. A document keeps a core busy in SaxonJS for about a third of a
 * second; on a small machine two workers take every core from the threads that acknowledge submissions
 * (the main thread, PostgreSQL), and the 202s slow down for work that nobody waits on synchronously.
 * A worker thread therefore lowers its own scheduling priority (a nice value, Linux's per-thread
 * `setpriority`): under load the acknowledgements go first and the pipeline catches up afterwards; on
 * an idle machine nothing changes. On Linux a worker can also take the SCHED_IDLE policy (sched(7)):
 * it then runs only on a core no other thread wants, and a waking thread of the normal policy
 * preempts it at once, where a nice value only shrinks its share. Measured in docs/performance.md
 * (default configuration).
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
