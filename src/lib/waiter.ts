/**
 * A wait until woken or a period has passed, shared by every caller waiting at once: the idle state
 * of the pipeline's lanes (`src/pipeline/waker.ts`) and of the PA sender's workers.
 */
export interface Waiter {
  /** Resolves when woken or after the period; at once if woken while nobody waited. */
  wait(): Promise<void>;
  wake(): void;
  /** Resolves the current wait and clears its timer (on stop). */
  cancel(): void;
}

/** A waiter whose waits last at most `periodMs`. */
export function createWaiter(periodMs: number): Waiter {
  let pending = false;
  let current: { promise: Promise<void>; done: () => void } | undefined;
  return {
    wait() {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      if (!current) {
        let done!: () => void;
        const promise = new Promise<void>((resolve) => {
          const timer = setTimeout(() => done(), periodMs);
          done = () => {
            clearTimeout(timer);
            current = undefined;
            resolve();
          };
        });
        current = { promise, done };
      }
      return current.promise;
    },
    wake() {
      if (current) current.done();
      else pending = true;
    },
    cancel() {
      current?.done();
    },
  };
}
