/**
 * The validation workers' CPU priority. A document keeps a core busy in SaxonJS for about a third of a
 * second; on a small machine two workers take every core from the threads that acknowledge submissions
 * (the main thread, PostgreSQL), and the 202s slow down for work that nobody waits on synchronously.
 * A worker thread therefore lowers its own scheduling priority (a nice value, Linux's per-thread
 * `setpriority`): under load the acknowledgements go first and the pipeline catches up afterwards; on
 * an idle machine nothing changes. Measured in docs/performance.md (default configuration).
 */
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
    // "<pid>/task/<tid>": setpriority(PRIO_PROCESS, tid) applies to that thread alone on Linux.
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return undefined;
    if (getPriority(threadId) < nice) setPriority(threadId, nice);
    return getPriority(threadId);
  } catch {
    return undefined;
  }
}
