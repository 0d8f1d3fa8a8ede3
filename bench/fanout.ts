/**
 * The orchestrator's handle on the fan-out subscribers (`subscribers.ts`):
 * forks a fresh process for each fan-out measurement, so its sockets never
 * share an event loop with the orchestrator, the load generator or the
 * gateway, and are all gone when it exits.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { adoptChild } from './processes.ts';
import type { FanoutJob, FanoutMeasurement, FanoutReply } from './fanout-types.ts';

const SUBSCRIBERS = fileURLToPath(new URL('./subscribers.ts', import.meta.url));

/** Runs `job` in a new subscriber process; resolves with its measurement once the process has exited. */
export function measureFanout(job: FanoutJob): Promise<FanoutMeasurement> {
  const child = fork(SUBSCRIBERS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  adoptChild(child);
  return new Promise((resolve, reject) => {
    let reply: FanoutReply | undefined;
    child.once('message', (message: FanoutReply) => (reply = message));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!reply) reject(new Error(`fan-out subscriber process exited without a result (code ${code}, signal ${signal})`));
      else if (reply.ok) resolve(reply.measurement);
      else reject(new Error(`fan-out subscribers: ${reply.error}`));
    });
    child.send(job);
  });
}
