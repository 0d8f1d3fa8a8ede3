/**
 * How many attempts one webhook endpoint gets at once from this process.
 * An attempt beyond the limit waits here for a slot, in arrival order,
 * rather than going back to the queue: a burst for one endpoint (a month-end
 * batch) then drains at the speed the endpoint answers. Re-queueing it with a
 * delay capped one endpoint at a couple of deliveries per queue poll.
 *
 * The wait is bounded, so a job never outlives pg-boss's expiry (60 s): an
 * endpoint that hangs (10 s per attempt) makes its waiters give up after
 * `maxWaitMs`, and they go back to the queue as before. The caller passes
 * `wait: false` for an endpoint already failing, so its backlog cannot take
 * the dispatcher's room (and with it the other endpoints' deliveries).
 */
import { E_TIMEOUT, Semaphore, withTimeout, type SemaphoreInterface } from 'async-mutex';

/** The outcome of `run`: the work's value, or `ran: false` when no slot came within the wait. */
export type SlotOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` in one of `endpointId`'s slots; with `wait: false`, only if one
 * is free now. `work` learns whether it waited for its slot: what it loaded
 * before may then be stale (the endpoint disabled by a 410 meanwhile, say).
 * @throws whatever `work` throws (the slot is freed first).
 */
export type EndpointSlots = <T>(
  endpointId: string,
  work: (waited: boolean) => Promise<T>,
  options?: { wait?: boolean },
) => Promise<SlotOutcome<T>>;

/** Slots of `concurrency` per endpoint; an attempt waits at most `maxWaitMs` (milliseconds) for one. */
export function endpointSlots(concurrency: number, maxWaitMs: number): EndpointSlots {
  const slots = new Map<string, { semaphore: Semaphore; bounded: SemaphoreInterface }>();
  return async (endpointId, work, options = {}) => {
    let slot = slots.get(endpointId);
    if (!slot) {
      const semaphore = new Semaphore(concurrency);
      slot = { semaphore, bounded: withTimeout(semaphore, maxWaitMs) };
      slots.set(endpointId, slot);
    }
    const waited = slot.semaphore.isLocked();
    if (waited && options.wait === false) return { ran: false };
    let release: () => void;
    try {
      [, release] = await slot.bounded.acquire();
    } catch (error) {
      if (error === E_TIMEOUT) return { ran: false };
      throw error;
    }
    try {
      return { ran: true, value: await work(waited) };
    } finally {
      release();
      // Dispatch is synchronous: every slot free means nobody holds or waits for one.
      if (slot.semaphore.getValue() === concurrency) slots.delete(endpointId);
    }
  };
}
