/**
 * The 212 Encaissée sender's loop: claims due payments (status-212-queue.ts) and sends each at most once
 * (status-212-send.ts); a second round re-reads the flows whose acknowledgement is Pending (status-212-flows.ts), on
 * one instance at a time (a named lease: src/platform/leases.ts); payments of rejected invoices are set aside
 * (status-212-refusals.ts). Claimed payments keep their leases while in hand (src/db/row-leases.ts). Started by the
 * flow connector (flow-connector.ts); woken when a payment is recorded, polls every `pollMs` otherwise.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { leasedWorker } from '../../db/leased-worker.ts';
import { createRowKeeper, DEFAULT_LEASE_MS } from '../../db/row-leases.ts';
import type { EventSink } from '../../domain/events/types.ts';
import { onPaymentRecorded } from '../../domain/payments/payments-service.ts';
import { createWaiter } from '../../lib/waiter.ts';
import type { Validator } from '../../validation/index.ts';
import type { FlowClient } from '../afnor/client.ts';
import { createNamedLease } from '../leases.ts';
import { sendWithBackoff } from './backoff.ts';
import { describeFailure, type UnknownOutcomeGrace } from './send.ts';
import { send212 } from './status-212-send.ts';
import { apply212Flow, unacknowledged212 } from './status-212-flows.ts';
import { claimDue212, PENDING_212_LEASES } from './status-212-queue.ts';
import { rejectOrphaned212 } from './status-212-refusals.ts';

export interface Status212SenderOptions {
  db: Db;
  events: EventSink;
  client: FlowClient;
  log: Logger;
  /** The official artefacts; undefined with `VALIDATION=native` (the gateway's own writer is then trusted). */
  validator?: Validator | undefined;
  /** When not woken: how often due 212s and pending acknowledgements are looked at, in milliseconds (default 5000). */
  pollMs?: number;
  /** The PA connection's name: the key of the acknowledgement round's lease (default 'default'). */
  connection?: string;
  /** Staleness window of this instance's leases, in milliseconds (PA_LEASE_MS; default DEFAULT_LEASE_MS). */
  leaseMs?: number;
  /** After an unknown outcome, how long to search before sending again (default UNKNOWN_OUTCOME_GRACE). */
  unknownOutcome?: UnknownOutcomeGrace;
  /** This connector's id in `platform_leases.holder` (default: a random id per lease). */
  leaseHolder?: string;
}

export interface Status212Sender {
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/** The words of the sender's log lines (backoff.ts). */
const WORDS = { who: '212 sender', idKey: 'paymentId', handedOver: '212 handed over' };

/** Builds the 212 sender (see the module comment); nothing runs before `start`. */
export function create212Sender(options: Status212SenderOptions): Status212Sender {
  const { db, events, client, log, validator } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const deps = { db, events, client, log, validator, leaseMs, unknownOutcome: options.unknownOutcome };
  // Claimed payments keep their leases while in hand; the acknowledgement round runs on one instance.
  const keeper = createRowKeeper(db, PENDING_212_LEASES, leaseMs);
  const ackLease = createNamedLease(db, `${options.connection ?? 'default'}#212`, leaseMs, options.leaseHolder);
  const tick = createWaiter(options.pollMs ?? 5000);
  const handle = sendWithBackoff(keeper, log, WORDS, (id) => send212(deps, id));
  let unsubscribe: (() => void) | undefined;
  const worker = leasedWorker(keeper, {
    run() {
      unsubscribe = onPaymentRecorded(db, () => tick.wake());
      return run();
    },
    interrupt() {
      unsubscribe?.();
      tick.cancel();
    },
    release: () => ackLease.release().catch(() => {}),
  });

  async function sendDue(): Promise<void> {
    for (;;) {
      const ids = await claimDue212(db, 8, leaseMs);
      for (const id of ids) keeper.hold(id);
      if (ids.length === 0 || !worker.running()) return;
      for (const id of ids) {
        if (!worker.running()) return;
        await handle(id);
      }
    }
  }

  /** Re-reads the flows the PA holds whose acknowledgement is still Pending. */
  async function acknowledgements(): Promise<void> {
    if (!(await ackLease.acquire())) return;
    for (const { id, flowId } of await unacknowledged212(db, 50)) {
      if (!worker.running()) return;
      const read = await client.getFlow(flowId, 'Metadata');
      if (!read.ok) {
        log.warn({ paymentId: id, flowId, error: describeFailure(read) }, '212 sender: could not read a flow');
        return;
      }
      await apply212Flow(db, events, { flowId }, read.flow);
    }
  }

  async function run(): Promise<void> {
    while (worker.running()) {
      try {
        await sendDue();
        await acknowledgements();
        const orphaned = await rejectOrphaned212(db);
        if (orphaned > 0) log.warn({ count: orphaned }, '212 sender: payments of rejected invoices, their 212 not sent');
      } catch (error) {
        if (worker.running()) log.warn({ err: error }, '212 sender: round failed');
      }
      if (worker.running()) await tick.wait();
    }
  }

  return { wake: () => tick.wake(), start: worker.start, stop: worker.stop };
}
