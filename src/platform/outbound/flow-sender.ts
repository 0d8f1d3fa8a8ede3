/**
 * The sending stage of the AFNOR XP Z12-013 connector (`validated → sent`):
 * lanes claim due `validated` submissions (outbound-store.ts: the row is the queue,
 * leased with SKIP LOCKED, so several instances share the work and rows
 * validated before a restart are found by polling) and send each at most once
 * (send.ts); a second loop tracks the sent flows' acknowledgements
 * (acknowledgement.ts), which the webhook callback can also bring, on one
 * instance at a time. Leases (src/platform/leases.ts) are renewed while held,
 * so a killed instance's work is free after PA_LEASE_MS. Woken after
 * each validated document; polls every `pollMs` otherwise. An unexpected
 * failure (a lost database connection) postpones the row with backoff;
 * nothing is dropped.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../domain/events/types.ts';
import type { FlowClient } from '../afnor/client.ts';
import type { Flow } from '../afnor/types.ts';
import { type AckDeps, acknowledgeCallback, pollAcknowledgements } from './acknowledgement.ts';
import { sendWithBackoff } from './backoff.ts';
import { type SendDeps, sendOne, type UnknownOutcomeGrace } from './send.ts';
import { claimValidated, VALIDATED_LEASES } from './outbound-store.ts';
import { leasedWorker } from '../../db/leased-worker.ts';
import { createRowKeeper, DEFAULT_LEASE_MS, releaseRows } from '../../db/row-leases.ts';
import { createNamedLease } from '../leases.ts';
import { createWaiter } from '../../lib/waiter.ts';

export interface SenderOptions {
  db: Db;
  /** Where `processing_state_changed` events go: recorded in the same transaction, `committed` after commit. */
  events: EventSink;
  client: FlowClient;
  /** The PA connection's name (e.g. 'sandbox' or the PA_FLOW_URL); key prefix in platform_cursors. */
  connection: string;
  log: Logger;
  /** When not woken: how often due rows and pending acknowledgements are looked at, in milliseconds (default 5000). */
  pollMs?: number;
  /** createFlow calls at once (default 4). */
  concurrency?: number;
  /** After an unknown outcome, how long to search before sending again (default UNKNOWN_OUTCOME_GRACE of send.ts). */
  unknownOutcome?: UnknownOutcomeGrace;
  /** Send each document's seller SIREN as `Organization-Id` (PA_ORGANIZATION_ID=seller, Flow Service 1.2.0). */
  organizationPerSeller?: boolean;
  /** Staleness window of this instance's leases, in milliseconds (PA_LEASE_MS; default DEFAULT_LEASE_MS of leases.ts). */
  leaseMs?: number;
  /** This connector's id in `platform_leases.holder` (default: a random id per lease). */
  leaseHolder?: string;
}

export interface Sender {
  /** A document was just validated (or a callback came): look now. */
  wake(): void;
  start(): void;
  /** Waits for in-flight work, cancels timers, gives back claimed rows not started. */
  stop(): Promise<void>;
  /** An outgoing flow's new state (from the Flow Service 1.1.0 webhook callback): re-read and applied; never throws. */
  acknowledge(flow: Flow): Promise<void>;
}

/**
 * How long a claim or an attempt holds a row without renewal, in milliseconds: a dead instance's rows are due again
 * after it. Renewed every quarter of it while in hand (leases.ts), so a createFlow waiting for its answer longer
 * than this keeps its row; and were it overtaken (an instance stalled that long), the next attempt searches by
 * trackingId over the unknown-outcome grace period before it sends.
 */
export const LEASE_MS = DEFAULT_LEASE_MS;

/** The words of the sender's log lines (backoff.ts). */
const WORDS = { who: 'pa sender', idKey: 'submissionId', handedOver: 'document handed over' };

/** Builds the sender (see the module comment); nothing runs before `start`. */
export function createSender(options: SenderOptions): Sender {
  const { db, events, client, log } = options;
  const pollMs = options.pollMs ?? 5000;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  // The rows in hand (queued or being sent) keep their leases; the acknowledgement poll runs on one instance.
  const keeper = createRowKeeper(db, VALIDATED_LEASES, leaseMs);
  const ackLease = createNamedLease(db, `${options.connection}#out`, leaseMs, options.leaseHolder);
  const sendDeps: SendDeps = {
    db,
    events,
    client,
    log,
    leaseMs,
    organizationPerSeller: options.organizationPerSeller,
    unknownOutcome: options.unknownOutcome,
  };
  const ackDeps: AckDeps = { db, events, client, log, cursorKey: `${options.connection}#out` };
  const due = createWaiter(pollMs);
  const ackTick = createWaiter(pollMs);
  // Claimed ids not yet taken by a lane: each lane takes the next as soon as it is free.
  const queue: string[] = [];
  const handle = sendWithBackoff(keeper, log, WORDS, (id) => sendOne(sendDeps, id));
  const callbacks = new Set<Promise<void>>();
  let refilling: Promise<void> | undefined;
  const worker = leasedWorker(keeper, {
    run: () => Promise.all([acknowledgements(), ...Array.from({ length: concurrency }, () => lane())]),
    interrupt() {
      due.cancel();
      ackTick.cancel();
    },
    drain: async () => {
      await refilling;
      await Promise.all(callbacks);
    },
    async release() {
      await releaseRows(db, VALIDATED_LEASES, queue.splice(0)).catch((error) =>
        log.warn({ err: error }, 'pa sender: could not release claims'),
      );
      await ackLease.release().catch(() => {});
    },
  });

  /** Claims more ids; lanes that find the queue empty share one claim. */
  function refill(): Promise<void> {
    refilling ??= (async () => {
      try {
        const ids = await claimValidated(db, concurrency, leaseMs);
        for (const id of ids) keeper.hold(id);
        queue.push(...ids);
      } catch (error) {
        if (worker.running()) log.warn({ err: error }, 'pa sender: claim failed');
      } finally {
        refilling = undefined;
      }
    })();
    return refilling;
  }

  async function lane(): Promise<void> {
    while (worker.running()) {
      if (queue.length === 0) await refill();
      const id = worker.running() ? queue.shift() : undefined;
      if (id === undefined) {
        if (worker.running()) await due.wait();
        continue;
      }
      await handle(id);
    }
  }

  async function acknowledgements(): Promise<void> {
    while (worker.running()) {
      try {
        // Another instance holding the lease polls for every instance (acknowledgements are read from the database).
        if (await ackLease.acquire()) await pollAcknowledgements(ackDeps, () => worker.running());
      } catch (error) {
        if (worker.running()) log.warn({ err: error }, 'pa sender: acknowledgement round failed');
      }
      if (worker.running()) await ackTick.wait();
    }
  }

  return {
    wake: () => due.wake(),
    start: worker.start,
    stop: worker.stop,
    acknowledge(flow) {
      const work = acknowledgeCallback(ackDeps, flow)
        .then((read) => {
          // The PA could not be read now: the next search round will see the flow.
          if (!read) ackTick.wake();
        })
        .catch((error) => log.warn({ err: error, flowId: flow?.flowId }, 'pa sender: callback handling failed'))
        .finally(() => callbacks.delete(work));
      callbacks.add(work);
      return work;
    },
  };
}
