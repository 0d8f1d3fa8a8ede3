/**
 * Webhook endpoint management: registration, update, deletion, secret
 * rotation, redelivery. Rules live here; results are typed; the URL rules
 * are checked again on every delivery (DNS may change).
 */
import type { Db } from '../db/client.ts';
import { snapshot } from '../db/transaction.ts';
import { isUuid, newTimeOrderedId } from '../domain/ids.ts';
import type { RuleViolation } from '../domain/rules/index.ts';
import { isStorableText, UNSTORABLE_TEXT } from '../domain/text.ts';
import type { Clock } from '../lib/clock.ts';
import { newSigningSecret, sealSecret } from './secrets.ts';
import {
  attemptsOf,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  updateDelivery,
  updateEndpoint,
  type AttemptRow,
  type DeliveryRow,
  type DeliveryWindow,
  type EndpointRow,
} from './webhook-store.ts';
import { checkWebhookUrl, type LookupFn, type UrlPolicy } from './url-policy.ts';

/** The event types an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'submission.received',
  'submission.processing_state_changed',
  'submission.lifecycle_status_added',
  'e_report.sent',
  'e_report.accepted',
  'e_report.rejected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export interface WebhookSettings {
  /** Key sealing the signing secrets at rest. */
  secretsKey: Buffer;
  urlPolicy: UrlPolicy;
  clock: Clock;
  lookup?: LookupFn;
  /** Told whenever a tenant's endpoints change (the fan-out skips tenants without any). */
  endpointsChanged?: (tenantId: string) => void;
}

export type NotFound = { ok: false; code: 'not_found' };
export type Invalid = { ok: false; code: 'invalid'; violations: RuleViolation[] };

export interface EndpointInput {
  url?: string;
  event_types?: string[];
  description?: string | null;
  /** false disables the endpoint by hand; true re-enables it (and clears its failure streak). */
  enabled?: boolean;
}

/** Checks `input`; returns the violations and the URL as it will be stored (normalised). */
async function check(settings: WebhookSettings, input: EndpointInput): Promise<{ violations: RuleViolation[]; url?: string }> {
  const violations: RuleViolation[] = [];
  let normalised: string | undefined;
  if (input.url !== undefined) {
    const url = await checkWebhookUrl(input.url, settings.urlPolicy, settings.lookup);
    if (url.ok) normalised = url.url.href;
    else violations.push({ path: ['url'], rule: 'GW-WEBHOOK-URL', message: url.reason });
  }
  if (input.event_types !== undefined) {
    if (input.event_types.length === 0) {
      violations.push({ path: ['event_types'], rule: 'GW-WEBHOOK-EVENT-TYPE', message: 'Subscribe to at least one event type' });
    }
    input.event_types.forEach((type, index) => {
      if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) {
        violations.push({
          path: ['event_types', index],
          rule: 'GW-WEBHOOK-EVENT-TYPE',
          message: `Unknown event type "${type.slice(0, 60)}"; known: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
        });
      }
    });
  }
  if (input.description != null && !isStorableText(input.description)) {
    violations.push({ path: ['description'], rule: 'GW-WEBHOOK-DESCRIPTION', message: `description ${UNSTORABLE_TEXT}` });
  }
  return { violations, url: normalised };
}

/** Registers an endpoint; the signing secret is returned once, here. */
export async function createEndpoint(
  db: Db,
  settings: WebhookSettings,
  tenantId: string,
  input: EndpointInput & { url: string; event_types: string[] },
): Promise<{ ok: true; endpoint: EndpointRow; secret: string } | Invalid> {
  const { violations, url } = await check(settings, input);
  if (violations.length > 0 || !url) return { ok: false, code: 'invalid', violations };
  const secret = newSigningSecret();
  const endpoint = await insertEndpoint(db, {
    id: newTimeOrderedId().id,
    tenantId,
    url,
    description: input.description ?? null,
    eventTypes: [...new Set(input.event_types)],
    secretSealed: sealSecret(secret, settings.secretsKey),
  });
  settings.endpointsChanged?.(tenantId);
  return { ok: true, endpoint, secret };
}

/** The tenant's endpoint `id`; undefined for an unknown, malformed or another tenant's id. */
export async function getEndpoint(db: Db, tenantId: string, id: string): Promise<EndpointRow | undefined> {
  return isUuid(id) ? findEndpoint(db, tenantId, id) : undefined;
}

/** A delivery with its attempts, oldest attempt first. */
export interface DeliveryView {
  delivery: DeliveryRow;
  attempts: AttemptRow[];
}

/**
 * A page of the endpoint's deliveries, newest first, each with its attempts
 * (two queries on one snapshot, whatever the page size); undefined when the endpoint is not the tenant's.
 */
export async function pageDeliveries(
  db: Db,
  tenantId: string,
  endpointId: string,
  window: DeliveryWindow,
): Promise<DeliveryView[] | undefined> {
  if (!(await getEndpoint(db, tenantId, endpointId))) return undefined;
  for (const cursor of [window.olderThan, window.newerThan]) if (cursor !== undefined && !isUuid(cursor)) return [];
  // One snapshot: read apart, a delivery could show an attempt its own row does not count yet.
  return snapshot(db, async (tx) => {
    const deliveries = await listDeliveries(tx, endpointId, window);
    const attempts = await attemptsOf(
      tx,
      deliveries.map((d) => d.id),
    );
    return deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((a) => a.deliveryId === delivery.id) }));
  });
}

/** Changes an endpoint's URL, event types, description or enabled state. */
export async function changeEndpoint(
  db: Db,
  settings: WebhookSettings,
  tenantId: string,
  id: string,
  input: EndpointInput,
): Promise<{ ok: true; endpoint: EndpointRow } | NotFound | Invalid> {
  const current = await getEndpoint(db, tenantId, id);
  if (!current) return { ok: false, code: 'not_found' };
  const { violations, url } = await check(settings, input);
  if (violations.length > 0) return { ok: false, code: 'invalid', violations };
  const enabled =
    input.enabled === true
      ? { disabledAt: null, disabledReason: null, failingSince: null }
      : // Disabling an endpoint the gateway already disabled keeps its reason (gone, failing).
        input.enabled === false && !current.disabledAt
        ? { disabledAt: settings.clock.now(), disabledReason: 'manual' }
        : {};
  const endpoint = await updateEndpoint(db, tenantId, id, {
    ...(url !== undefined && { url }),
    ...(input.event_types !== undefined && { eventTypes: [...new Set(input.event_types)] }),
    ...(input.description !== undefined && { description: input.description }),
    ...enabled,
  });
  settings.endpointsChanged?.(tenantId);
  return endpoint ? { ok: true, endpoint } : { ok: false, code: 'not_found' };
}

/** Deletes an endpoint: it receives nothing more; its deliveries stay for the record. */
export async function deleteEndpoint(db: Db, settings: WebhookSettings, tenantId: string, id: string): Promise<{ ok: true } | NotFound> {
  if (!isUuid(id)) return { ok: false, code: 'not_found' };
  const deleted = await updateEndpoint(db, tenantId, id, { deletedAt: settings.clock.now() });
  settings.endpointsChanged?.(tenantId);
  return deleted ? { ok: true } : { ok: false, code: 'not_found' };
}

/** A new signing secret; the old one keeps signing alongside it for 24 hours. */
export async function rotateSecret(
  db: Db,
  settings: WebhookSettings,
  tenantId: string,
  id: string,
): Promise<{ ok: true; endpoint: EndpointRow; secret: string } | NotFound> {
  const current = await getEndpoint(db, tenantId, id);
  if (!current) return { ok: false, code: 'not_found' };
  const secret = newSigningSecret();
  const endpoint = await updateEndpoint(db, tenantId, id, {
    secretSealed: sealSecret(secret, settings.secretsKey),
    previousSecretSealed: current.secretSealed,
    previousSecretExpiresAt: new Date(settings.clock.now().getTime() + ROTATION_OVERLAP_MS),
  });
  return endpoint ? { ok: true, endpoint, secret } : { ok: false, code: 'not_found' };
}

/**
 * Sends a delivery again, with the same `webhook-id` and payload, whatever
 * its state (a failed one included); with `endpointId`, only a delivery of
 * that endpoint. `enqueue` schedules the attempt.
 */
export async function redeliver(
  db: Db,
  settings: WebhookSettings,
  tenantId: string,
  target: { deliveryId: string; endpointId?: string },
  enqueue: (deliveryId: string) => Promise<void>,
): Promise<{ ok: true; delivery: DeliveryView } | NotFound> {
  const { deliveryId, endpointId } = target;
  const existing = isUuid(deliveryId) ? await findDelivery(db, tenantId, deliveryId) : undefined;
  if (!existing || (endpointId !== undefined && existing.endpointId !== endpointId)) return { ok: false, code: 'not_found' };
  const delivery = await updateDelivery(db, deliveryId, {
    status: 'pending',
    nextAttemptAt: settings.clock.now(),
    // A new round of retries: backoff and the give-up window start again (the attempt log keeps the old ones).
    attempts: 0,
    firstAttemptAt: null,
  });
  // Read before the attempt is queued, so the reply shows the delivery as it was redelivered.
  const attempts = await attemptsOf(db, [deliveryId]);
  await enqueue(deliveryId);
  return { ok: true, delivery: { delivery, attempts } };
}
