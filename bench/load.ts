/**
 * The orchestrator's handle on the load generator process (`loadgen.ts`),
 * forked once per benchmark run and given one job at a time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadReply, LoadRequest } from './loadgen.ts';
import { adoptChild } from './processes.ts';
import type { HttpMeasurement, LoadJob } from './requests.ts';

const LOADGEN = fileURLToPath(new URL('./loadgen.ts', import.meta.url));

export interface LoadGenerator {
  /** Runs `job` (warm-up, then measurement) in the load generator process. */
  measure(job: LoadJob): Promise<HttpMeasurement>;
  /** Ends the load generator process. */
  close(): void;
  readonly child: ChildProcess;
}

/** Forks the load generator (TypeScript through tsx, like the servers). */
export function startLoadGenerator(): LoadGenerator {
  const child = fork(LOADGEN, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  adoptChild(child);
  const pending = new Map<number, { resolve: (m: HttpMeasurement) => void; reject: (e: Error) => void }>();
  let seq = 0;
  child.on('message', (reply: LoadReply) => {
    const waiter = pending.get(reply.seq);
    pending.delete(reply.seq);
    if (!waiter) return;
    if (reply.ok) waiter.resolve(reply.measurement);
    else waiter.reject(new Error(`load generator: ${reply.error}`));
  });
  child.once('exit', (code, signal) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`load generator exited (code ${code}, signal ${signal})`));
    pending.clear();
  });
  return {
    child,
    measure(job) {
      return new Promise((resolve, reject) => {
        const request: LoadRequest = { seq: ++seq, job };
        pending.set(request.seq, { resolve, reject });
        child.send(request);
      });
    },
    close() {
      if (child.connected) child.disconnect();
    },
  };
}
