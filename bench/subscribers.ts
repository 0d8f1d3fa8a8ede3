/**
 * The subscriber process of the fan-out scenario (forked by `fanout.ts`, one
 * run per process) and its protocol with the orchestrator: opens one
 * graphql-ws connection per subscriber to the gateway, each with one
 * `submissionEvents` subscription for the bench tenant, makes sure every
 * subscription is live (`subscriber-pool.ts`), then records lifecycle
 * statuses one at a time through `POST /pa/v1/lifecycle-events` and times,
 * for each subscriber, how long after the POST was sent it received the
 * event (`fanout-rounds.ts`). The POST is sent from this process, so the send
 * time and every receipt time are read on one clock (`performance.now()`).
 */
import { aggregateLatencies, measureRounds, round1, ROUND_CODES, rssMiB, warmUp, WARMUP_STATUSES } from './fanout-rounds.ts';
import { connectAll, createPool, disconnectAll, proveLive, sleep } from './subscriber-pool.ts';
import type { FanoutJob, FanoutMeasurement, FanoutReply } from './fanout-types.ts';

/** Runs one fan-out measurement for `job`: connect, prove live, warm up, measure, disconnect. */
export async function runFanout(job: FanoutJob): Promise<FanoutMeasurement> {
  if (job.rounds > ROUND_CODES.length) throw new Error(`at most ${ROUND_CODES.length} fan-out rounds (one lifecycle code each)`);
  const pool = createPool(job);
  const rssBefore = rssMiB(job.gatewayPid);

  const { connectSeconds, connectedCount } = await connectAll(pool, job);
  const { probes, readySeconds, live } = await proveLive(pool, job);
  const rssLive = rssMiB(job.gatewayPid);

  await warmUp(pool, job, live);
  const { measured, allLatencies } = await measureRounds(pool, job, live);
  const rssAfterRounds = rssMiB(job.gatewayPid);

  await disconnectAll(pool);
  await sleep(1000);
  const rssAfterClose = rssMiB(job.gatewayPid);

  return {
    subscribers: pool.n,
    connections: pool.clients.length,
    connected: connectedCount,
    live,
    connectSeconds: round1(connectSeconds),
    readySeconds: round1(readySeconds),
    probes,
    warmupStatuses: WARMUP_STATUSES,
    rounds: measured,
    received: Math.min(...measured.map((round) => round.received)),
    latencyMs: aggregateLatencies(allLatencies),
    errors: pool.errors,
    errorSamples: pool.errorSamples,
    otherEvents: pool.otherEvents,
    gatewayRssMiB:
      rssBefore !== undefined && rssLive !== undefined && rssAfterRounds !== undefined && rssAfterClose !== undefined
        ? { beforeConnect: rssBefore, live: rssLive, afterRounds: rssAfterRounds, afterClose: rssAfterClose }
        : undefined,
  };
}

// Forked by fanout.ts: one job, one reply, then exit (closing whatever is still open).
if (process.send) {
  process.once('message', (job: FanoutJob) => {
    runFanout(job).then(
      (measurement) => process.send!({ ok: true, measurement } satisfies FanoutReply, undefined, undefined, () => process.exit(0)),
      (error: unknown) =>
        process.send!(
          { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FanoutReply,
          undefined,
          undefined,
          () => process.exit(0),
        ),
    );
  });
  // The orchestrator going away (Ctrl-C, crash) ends the subscribers at once.
  process.on('disconnect', () => process.exit(0));
}
