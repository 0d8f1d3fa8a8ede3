/**
 * The two webhook jobs. Fan-out turns one event (of a submission or an e-report) into one frozen
 * delivery per subscribed endpoint. An attempt sends one delivery, records
 * the attempt, and either finishes it or schedules the next try: 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, then every 10 h, for about three days. A 410 Gone
 * disables the endpoint; so do three days of failures.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { transact } from '../db/transaction.ts';
import { newTimeOrderedId } from '../domain/ids.ts';
import { endpointSlots } from './endpoint-slots.ts';
import { type PayloadBuilder, webhookOf } from './event-payload.ts';
import type { WebhookSettings } from './endpoints.ts';
import type { WebhookQueue } from './queue.ts';
import { DISABLE_AFTER_MS, nextAttemptAt } from './retry-schedule.ts';
import { openSecret, signatureHeader } from './secrets.ts';
import { sendWebhook } from './http-post.ts';
import {
  endpointsFor,
  insertAttempt,
  insertDeliveries,
  loadDelivery,
  patchEndpoint,
  recordSuccess,
  updateDelivery,
  type EndpointRow,
} from './webhook-store.ts';

/** A delivery with its endpoint, as an attempt loads them. */
type Loaded = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;

/** At most this many attempts to one endpoint run at once in this process. */
const PER_ENDPOINT_CONCURRENCY = 2;
/**
 * The longest an attempt waits for its endpoint's slot before going back to
 * the queue (see endpoint-slots.ts). Waiting attempts take the dispatcher's
 * room: an endpoint that starts hanging in a burst holds it this long, not
 * until its 10 s timeouts (a healthy endpoint's queue drains well within it).
 */
const SLOT_WAIT_MS = 2_000;

export type { PayloadBuilder };

export function webhookJobs(deps: { db: Db; settings: WebhookSettings; queue: WebhookQueue; payloads: PayloadBuilder; log: Logger }) {
  const { db, settings, queue, log } = deps;
  const clock = settings.clock;
  const slots = endpointSlots(PER_ENDPOINT_CONCURRENCY, SLOT_WAIT_MS);

  /** The deliveries one event makes: one per endpoint of its tenant subscribed to its type. */
  async function deliveriesOf(eventId: number, endpointsOf: (tenantId: string, type: string) => Promise<EndpointRow[]>) {
    const event = await webhookOf(db, deps.payloads, eventId);
    if (!event) return [];
    const type = event.type;
    const endpoints = await endpointsOf(event.tenantId, type);
    if (endpoints.length === 0) return [];
    const payload = JSON.stringify({ type, timestamp: event.createdAt.toISOString(), data: await event.data() });
    return endpoints.map((endpoint) => ({
      id: newTimeOrderedId().id,
      tenantId: endpoint.tenantId,
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: type,
      payload,
      nextAttemptAt: clock.now(),
    }));
  }

  /**
   * Fans out events (a queue batch): their deliveries are made side by side,
   * then written with their attempt jobs in one transaction. Deliveries an
   * earlier run of the same event already made are skipped, with their jobs.
   * @throws when any event fails; nothing is written then (the queue retries
   *   the events one by one, so one bad event holds up no other).
   */
  async function fanout(eventIds: readonly number[]): Promise<void> {
    const endpointLists = new Map<string, Promise<EndpointRow[]>>();
    const endpointsOf = (tenantId: string, type: string) => {
      const key = `${tenantId} ${type}`;
      let endpoints = endpointLists.get(key);
      if (!endpoints) endpointLists.set(key, (endpoints = endpointsFor(db, tenantId, type)));
      return endpoints;
    };
    const rows = (await Promise.all(eventIds.map((eventId) => deliveriesOf(eventId, endpointsOf)))).flat();
    if (rows.length === 0) return;
    await transact(db, async (tx) => {
      const inserted = await insertDeliveries(tx, rows);
      await queue.enqueueAttempts(inserted, { db: tx });
    });
  }

  /** `loaded` when it is to be sent; undefined when not, after failing it if its endpoint is gone. */
  async function sendable(loaded: Loaded | undefined): Promise<Loaded | undefined> {
    if (loaded?.delivery.status !== 'pending') return undefined;
    if (loaded.endpoint.deletedAt || loaded.endpoint.disabledAt) {
      await updateDelivery(db, loaded.delivery.id, { status: 'failed', nextAttemptAt: null });
      return undefined;
    }
    return loaded;
  }

  async function attempt(deliveryId: string): Promise<void> {
    const loaded = await sendable(await loadDelivery(db, deliveryId));
    if (!loaded) return;
    // Not due on the gateway's clock yet: look again shortly.
    if (loaded.delivery.nextAttemptAt && loaded.delivery.nextAttemptAt > clock.now()) {
      await queue.enqueueAttempt(deliveryId, { startAfter: 1 });
      return;
    }
    // A failing endpoint's backlog goes back to the queue at once: waiting for it would take the dispatcher's room.
    const wait = !loaded.endpoint.failingSince;
    const outcome = await slots(
      loaded.endpoint.id,
      async (waited) => {
        // After a wait the endpoint may have been disabled or deleted, or the delivery finished.
        const current = waited ? await sendable(await loadDelivery(db, deliveryId)) : loaded;
        if (current) await send(current.delivery, current.endpoint, clock.now());
      },
      { wait },
    );
    if (!outcome.ran) await queue.enqueueAttempt(deliveryId, { startAfter: 1 });
  }

  async function send(delivery: Loaded['delivery'], endpoint: Loaded['endpoint'], now: Date): Promise<void> {
    let secrets: string[];
    try {
      secrets = [openSecret(endpoint.secretSealed, settings.secretsKey)];
      if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
        secrets.push(openSecret(endpoint.previousSecretSealed, settings.secretsKey));
      }
    } catch (error) {
      // A configuration fault (another WEBHOOK_SECRETS_KEY): retrying cannot help; fix the key, then redeliver.
      log.error({ err: error, endpointId: endpoint.id }, 'cannot open the webhook signing secret');
      await transact(db, async (tx) => {
        await insertAttempt(tx, { deliveryId: delivery.id, attemptedAt: now, durationMs: 0, error: (error as Error).message });
        await updateDelivery(tx, delivery.id, { status: 'failed', nextAttemptAt: null });
      });
      return;
    }
    const messageId = `msg_${delivery.id.replace(/-/g, '')}`;
    const outcome = await sendWebhook({
      url: endpoint.url,
      body: delivery.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Passerelle-Webhooks/1',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signatureHeader(secrets, messageId, now, delivery.payload),
      },
      clock,
      policy: settings.urlPolicy,
      lookup: settings.lookup,
    });
    const firstAttemptAt = delivery.firstAttemptAt ?? now;
    const attempts = delivery.attempts + 1;
    if (outcome.ok) {
      await recordSuccess(db, {
        deliveryId: delivery.id,
        attemptedAt: now,
        httpStatus: outcome.status!,
        durationMs: outcome.durationMs,
        attempts,
        firstAttemptAt,
        endpointRecovered: endpoint.failingSince ? endpoint.id : undefined,
      });
      return;
    }
    await transact(db, async (tx) => {
      await insertAttempt(tx, {
        deliveryId: delivery.id,
        attemptedAt: now,
        httpStatus: outcome.status ?? null,
        durationMs: outcome.durationMs,
        error: outcome.error ?? `HTTP ${outcome.status}`,
      });
      // Retries count from the failure, not from when the attempt began (a timeout takes 10 s).
      const failedAt = clock.now();
      const failingSince = endpoint.failingSince ?? now;
      const gone = outcome.status === 410;
      const next = gone ? undefined : nextAttemptAt(attempts, firstAttemptAt, failedAt);
      // Disabled after three days of failures: a streak that long, or a delivery given up with
      // every attempt to this endpoint failing since its first (the schedule spans about three days).
      const failing = failedAt.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS || (!next && failingSince <= firstAttemptAt);
      if (gone || failing) {
        const reason = gone ? 'gone' : 'failing';
        await patchEndpoint(tx, endpoint.id, { failingSince, disabledAt: failedAt, disabledReason: reason, updatedAt: failedAt });
        log.warn({ endpointId: endpoint.id, reason }, 'webhook endpoint disabled');
      } else if (!endpoint.failingSince) {
        await patchEndpoint(tx, endpoint.id, { failingSince });
      }
      const retryAt = gone || failing ? undefined : next;
      await updateDelivery(tx, delivery.id, {
        status: retryAt ? 'pending' : 'failed',
        attempts,
        firstAttemptAt,
        nextAttemptAt: retryAt ?? null,
      });
      if (retryAt) await queue.enqueueAttempt(delivery.id, { db: tx, startAfter: retryAt });
    });
  }

  return { fanout, attempt };
}
