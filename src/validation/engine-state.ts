/**
 * Whether a validation engine takes jobs, written once for the worker-thread pool (pool.ts) and the Saxon-HE JVM
 * (saxon-he/process.ts): it fails for good when it cannot load, and is closed for good by `close()`.
 */
export class EngineState {
  /** Why the engine could not load; every job after it rejects with it. */
  failure: Error | undefined;
  closed = false;

  /** `name` as messages say it: 'the validation pool'. */
  constructor(private readonly name: string) {}

  /** The rejection of a job the engine cannot take (its load failure, or closed); undefined when it can. */
  refusal(): Promise<never> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error(`${this.name} is closed`));
    return undefined;
  }

  /** Closes the engine: the error its pending jobs reject with, or undefined when it was closed already. */
  close(): Error | undefined {
    if (this.closed) return undefined;
    this.closed = true;
    return new Error(`${this.name} was closed`);
  }
}
