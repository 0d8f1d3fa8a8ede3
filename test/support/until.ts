/**
 * Polling for integration tests that wait on background work (the PA sender, e-reports, the sandbox PA): one
 * `until` instead of a loop per file. Re-exported by sender-harness.ts; e-reporting-http.ts wraps it with longer waits.
 */

/** Reads `read` every `everyMs` until `done` holds or `ms` (default 15 s) have passed; returns the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
